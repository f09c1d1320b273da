// The online design editor: a design of exactly the ordered size, edited in place, saved as a draft
// (to the account, or for a guest in this browser), and used as the item's artwork: added to the basket
// before payment, or stored on an ordered item after it. Its state and actions are in use-design-editor.ts;
// its parts (toolbar, notices, stage, tools) are beside it.
import { EditorNotices } from "./editor-notices";
import { EditorStage } from "./editor-stage";
import { EditorToolbar } from "./editor-toolbar";
import { EditorTools } from "./editor-tools";
import { fontFaceCss } from "./font-faces";
import { useDesignEditor, type EditorOptions } from "./use-design-editor";

export type { EditorProduct, EditorTarget } from "./editor-types";

export function DesignEditor(props: EditorOptions) {
  const { product, size, finishing, templates } = props;
  const editor = useDesignEditor(props);
  const { history, safeInset } = editor;

  return (
    <div className="flex flex-col gap-3">
      <style>{fontFaceCss()}</style>
      <EditorToolbar
        name={editor.name}
        onName={editor.setName}
        size={size}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        onUndo={history.undo}
        onRedo={history.redo}
        zoom={editor.zoom}
        setZoom={editor.setZoom}
        busy={editor.busy}
        loggedIn={editor.loggedIn}
        onSave={editor.onSave}
        onProof={editor.onProof}
        onUse={editor.onUse}
      />
      <EditorNotices busy={editor.busy} pictures={editor.pictures} status={editor.status} proof={editor.proof} onCloseProof={() => editor.setProof(null)} size={size} imageChecks={editor.imageChecks} />

      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <EditorStage editor={editor} size={size} finishing={finishing} />
        <EditorTools editor={editor} product={product} size={size} templates={templates} />
      </div>
      <input
        ref={editor.fileInput}
        type="file"
        accept="image/jpeg,image/png,image/tiff,image/webp,.jpg,.jpeg,.png,.tif,.tiff,.webp"
        className="sr-only"
        aria-label="Choose a picture"
        data-testid="picture-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void editor.onPicture(file);
        }}
      />
      <p className="text-xs text-slate-500">
        <span className="mr-3 inline-block h-0 w-4 border-t-2 border-dashed border-cyan-500 align-middle" /> Keep text and logos inside the safe area ({Math.round(safeInset)} mm from the edges).
        {finishing.hemMm > 0 ? <> <span className="mx-1 inline-block h-0 w-4 border-t-2 border-dashed border-amber-500 align-middle" /> Hem ({finishing.hemMm} mm).</> : null}
        {finishing.eyeletSpacingMm ? <> Circles show the eyelets (every {finishing.eyeletSpacingMm / 10} cm).</> : null} Arrow keys nudge by 1 mm (Shift: 10 mm); double-click text to edit it.
      </p>
    </div>
  );
}
