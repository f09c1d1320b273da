// The editor's tools beside the design: one tab each for templates, adding, editing the selection, the
// background, the layers and the customer's saved designs.
import type { DesignTemplate } from "../../../domain/design/templates";
import { AddPanel } from "./add-panel";
import { BackgroundImage } from "./background-image";
import type { EditorProduct, Tab } from "./editor-types";
import { ColourField, ElementPanel, LayersPanel, TemplatesPanel } from "./panels";
import { SavedDesigns } from "./saved-designs";
import type { DesignEditorState } from "./use-design-editor";

const tabs: { id: Tab; label: string }[] = [
  { id: "templates", label: "Templates" },
  { id: "add", label: "Add" },
  { id: "selected", label: "Edit" },
  { id: "background", label: "Background" },
  { id: "layers", label: "Layers" },
  { id: "designs", label: "My designs" },
];

export function EditorTools({ editor, product, size, templates }: { editor: DesignEditorState; product: EditorProduct; size: { widthMm: number; heightMm: number }; templates: DesignTemplate[] }) {
  const { tab, setTab, started, selected, selectedId, setSelectedId, design, history, fileInput, replacing, loggedIn } = editor;
  return (
    <aside className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200" aria-label="Design tools">
      <div role="tablist" aria-label="Design tools" className="mb-3 flex flex-wrap gap-1">
        {tabs.map((t) => (
          <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} onClick={() => setTab(t.id)} className={`rounded-md px-2 py-1 text-sm font-semibold ${tab === t.id ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700"}`}>
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="max-h-[60vh] overflow-y-auto pr-1">
        {tab === "templates" ? (
          <>
            {!started ? <p className="mb-2 text-sm text-slate-700">Choose a template to start from, then change the wording and add your logo.</p> : null}
            <TemplatesPanel templates={templates} size={size} onPick={editor.pickTemplate} />
          </>
        ) : null}
        {tab === "add" ? <AddPanel size={size} onAdd={editor.add} onAddPicture={() => fileInput.current?.click()} /> : null}
        {tab === "selected" ? (
          selected ? (
            <ElementPanel
              element={selected}
              design={design}
              onChange={editor.update}
              onDelete={() => editor.remove(selected.id)}
              onEditText={() => editor.setEditingTextId(selected.id)}
              onReplaceImage={() => {
                replacing.current = selected.id;
                fileInput.current?.click();
              }}
            />
          ) : (
            <p className="text-sm text-slate-600">Tap something on the design to change it, or add text, a picture, a shape, a line or a QR code.</p>
          )
        ) : null}
        {tab === "background" ? (
          <div className="flex flex-col gap-3">
            <ColourField label="Background colour" value={design.background.colour} onChange={(colour) => colour && history.change({ ...design, background: { ...design.background, colour } })} />
            <BackgroundImage design={design} onChange={history.change} onUploadImage={(file) => editor.onBackgroundPicture(file)} />
          </div>
        ) : null}
        {tab === "layers" ? (
          <LayersPanel
            design={design}
            selectedId={selectedId}
            onSelect={(id) => {
              setSelectedId(id);
              setTab("selected");
            }}
            onMove={editor.moveLayer}
          />
        ) : null}
        {tab === "designs" ? <SavedDesigns loggedIn={loggedIn} productSlug={product.slug} onOpen={editor.openSaved} /> : null}
      </div>
    </aside>
  );
}
