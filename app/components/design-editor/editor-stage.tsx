// The editor's stage: the design on its canvas, fitted to the space it has and zoomed, as tall as it needs.
import type { Finishing } from "../../../domain/design/guides";
import { Canvas } from "./canvas";
import type { DesignEditorState } from "./use-design-editor";

export function EditorStage({ editor, size, finishing }: { editor: DesignEditorState; size: { widthMm: number; heightMm: number }; finishing: Finishing }) {
  const { stage, stageSize, scale, design, imageUrls, selectedId, editingTextId, safeInset, history, setSelectedId, setEditingTextId, setTab, update } = editor;
  return (
    <div
      ref={stage}
      className="relative max-h-[70vh] overflow-auto rounded-lg bg-slate-200"
      // As tall as the design needs at this width (a 3 × 1 m banner on a phone needs little), at most 70% of the screen.
      style={{ height: Math.max(180, Math.min(stageSize.width * (size.heightMm / size.widthMm) + 32, 720)) }}
      data-testid="design-stage"
    >
      <div className="flex min-h-full min-w-full items-center justify-center p-3" style={{ width: Math.max(stageSize.width, size.widthMm * scale + 24), height: Math.max(stageSize.height, size.heightMm * scale + 24) }}>
        <Canvas
          design={design}
          scale={scale}
          imageUrls={imageUrls}
          selectedId={selectedId}
          editingTextId={editingTextId}
          finishing={finishing}
          safeInset={safeInset}
          onSelect={(id) => {
            setSelectedId(id);
            if (id) setTab("selected");
          }}
          onPreview={history.preview}
          onCommit={history.commit}
          onEditText={(id) => {
            setSelectedId(id);
            setEditingTextId(id);
          }}
          onTextChange={(id, text) => {
            const element = design.elements.find((e) => e.id === id);
            if (element?.kind === "text") update({ ...element, text: text.replace(/\t/g, " ") });
          }}
          onStopEditing={() => setEditingTextId(null)}
        />
      </div>
    </div>
  );
}
