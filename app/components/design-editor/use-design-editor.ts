// The design editor's state and what it does: the document with its history, the saved copy it writes to,
// the selection, zoom and tab, pictures, and saving, proofing and using the design.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { elementBox, fitDesignToSize, round2 } from "../../../domain/design/geometry";
import { safeInsetMm, type Finishing } from "../../../domain/design/guides";
import { placedPpi, ppiLevel, ppiWarning } from "../../../domain/design/ppi";
import { type Design, type DesignElement } from "../../../domain/design/schema";
import type { DesignTemplate } from "../../../domain/design/templates";
import { useIsLoggedIn } from "../../lib/auth";
import { fetchDesign, localDrafts } from "../../lib/design-api";
import { centred, nextId, type EditorProduct, type EditorStatus, type EditorTarget, type SavedRef, type Tab } from "./editor-types";
import { useDesignHistory } from "./history";
import { useDesignPictures, usePictureUpload } from "./use-design-pictures";
import { useDesignSaving } from "./use-design-saving";
import { useEditorKeys } from "./use-editor-keys";

export type EditorOptions = {
  product: EditorProduct;
  size: { widthMm: number; heightMm: number };
  finishing: Finishing;
  templates: DesignTemplate[];
  target: EditorTarget;
  /** A saved design to open: `design` (account) or `draft` (this browser). */
  open: { designId: number | null; draftId: string | null };
};

export function useDesignEditor({ product, size, finishing, templates, target, open }: EditorOptions) {
  const loggedIn = useIsLoggedIn();
  const history = useDesignHistory(templates[0]!.build(size));
  const { design } = history;
  const [started, setStarted] = useState(false);
  const [name, setName] = useState(`${product.name} design`);
  const [saved, setSaved] = useState<SavedRef>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editingTextId, setEditingTextId] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [tab, setTab] = useState<Tab>("templates");
  const [status, setStatus] = useState<EditorStatus | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const pictures = usePictureUpload(loggedIn);
  const [proof, setProof] = useState<{ src: string; checks: string[] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<string | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [stageSize, setStageSize] = useState({ width: 800, height: 500 });

  const selected = design.elements.find((e) => e.id === selectedId) ?? null;
  const safeInset = safeInsetMm(size, finishing);

  // The canvas fits the space it has; zoom multiplies that.
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setStageSize({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const fitScale = Math.min((stageSize.width - 24) / size.widthMm, (stageSize.height - 24) / size.heightMm);
  const scale = Math.max(0.01, fitScale * zoom);

  // Opening a saved design (fitted to this size, keeping each element on its anchors).
  useEffect(() => {
    if (open.designId && loggedIn) {
      fetchDesign(open.designId)
        .then(({ design: found }) => {
          history.reset(fitDesignToSize(found.document, size));
          setName(found.name);
          setSaved({ kind: "account", id: found.id, revision: found.revision });
          setStarted(true);
          setTab("selected");
        })
        .catch(() => setStatus({ text: "That design could not be opened.", kind: "error" }));
    } else if (open.draftId) {
      const draft = localDrafts.get()[open.draftId];
      if (draft) {
        history.reset(fitDesignToSize(draft.document, size));
        setName(draft.name);
        setSaved({ kind: "local", localId: open.draftId });
        setStarted(true);
      }
    }
    // Once, for the design named in the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { imageUrls, take } = useDesignPictures(design, loggedIn, pictures);

  const update = useCallback(
    (element: DesignElement) => history.change({ ...design, elements: design.elements.map((e) => (e.id === element.id ? element : e)) }),
    [design, history],
  );
  const remove = useCallback(
    (id: string) => {
      history.change({ ...design, elements: design.elements.filter((e) => e.id !== id) });
      setSelectedId(null);
    },
    [design, history],
  );
  const add = (element: DesignElement) => {
    history.change({ ...design, elements: [...design.elements, element] });
    setSelectedId(element.id);
    setStarted(true);
    setTab("selected");
  };
  const u = Math.min(size.widthMm, size.heightMm);

  useEditorKeys({ history, selected, update, remove, setSelectedId });

  const onPicture = async (file: File) => {
    setBusy("Adding your picture…");
    setStatus(null);
    try {
      const image = await take(file);
      const existing = replacing.current ? design.elements.find((e) => e.id === replacing.current) : null;
      replacing.current = null;
      if (existing?.kind === "image") {
        update({ ...existing, imageId: image.id, widthPx: image.widthPx, heightPx: image.heightPx });
      } else if (existing === undefined || existing === null) {
        const longest = u * 0.4;
        const ratio = image.widthPx / image.heightPx;
        const widthMm = round2(ratio >= 1 ? longest : longest * ratio);
        const heightMm = round2(ratio >= 1 ? longest / ratio : longest);
        add({ id: nextId("image"), kind: "image", imageId: image.id, widthPx: image.widthPx, heightPx: image.heightPx, widthMm, heightMm, fit: "contain", ...centred });
      }
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : "The picture could not be added.", kind: "error" });
    } finally {
      setBusy(null);
    }
  };

  const onBackgroundPicture = async (file: File) => {
    replacing.current = "__background__";
    setBusy("Adding your picture…");
    try {
      const image = await take(file);
      history.change({ ...design, background: { ...design.background, image: { imageId: image.id, widthPx: image.widthPx, heightPx: image.heightPx, fit: "cover" } } });
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : "The picture could not be added.", kind: "error" });
    } finally {
      replacing.current = null;
      setBusy(null);
    }
  };

  const imageChecks = useMemo(() => {
    return design.elements.flatMap((element) => {
      if (element.kind !== "image") return [];
      const ppi = placedPpi(element.widthPx, element.heightPx, elementBox(element, design), element.fit);
      const level = ppiLevel(ppi);
      return level === "good" ? [] : [{ id: element.id, level, message: ppiWarning(ppi)! }];
    });
  }, [design]);

  const { onSave, onUse, onProof } = useDesignSaving({ product, target, loggedIn, history, design, name, saved, setSaved, imageChecks, setSelectedId, setTab, setStatus, setBusy, setProof });

  const pickTemplate = (template: DesignTemplate) => {
    history.change(template.build(size));
    setSelectedId(null);
    setStarted(true);
    setTab("selected");
  };

  /** A saved design chosen under "My designs", fitted to this size. */
  const openSaved = (document: Design, designName: string, ref: SavedRef) => {
    history.reset(fitDesignToSize(document, size));
    setName(designName);
    setSaved(ref);
    setStarted(true);
    setTab("selected");
  };

  /** Moves a layer one step up or down the stack (nothing past either end). */
  const moveLayer = (id: string, by: number) => {
    const index = design.elements.findIndex((e) => e.id === id);
    const to = index + by;
    if (to < 0 || to >= design.elements.length) return;
    const elements = [...design.elements];
    [elements[index], elements[to]] = [elements[to]!, elements[index]!];
    history.change({ ...design, elements });
  };

  return {
    loggedIn,
    history,
    design,
    started,
    name,
    setName,
    selected,
    selectedId,
    setSelectedId,
    editingTextId,
    setEditingTextId,
    zoom,
    setZoom,
    tab,
    setTab,
    status,
    busy,
    pictures,
    imageUrls,
    proof,
    setProof,
    fileInput,
    replacing,
    stage,
    stageSize,
    safeInset,
    scale,
    update,
    remove,
    add,
    onPicture,
    onBackgroundPicture,
    imageChecks,
    onSave,
    onUse,
    onProof,
    pickTemplate,
    openSaved,
    moveLayer,
  };
}

export type DesignEditorState = ReturnType<typeof useDesignEditor>;
