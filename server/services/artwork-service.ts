// A customer's artwork for their paid items: each version's file is checked (preflight), turned into a
// print-ready PDF at the ordered size with a thumbnail and a proof, kept in storage, approved by the
// customer, and, when every item is complete, the order moves to Print Ready (docs/decisions/006-artwork-files.md).
// The parts, in artwork-versions/: artwork-types.ts (its shapes), artwork-context.ts (what they share),
// version-uploads.ts (a version's file arriving), version-changes.ts (approval, removal, the options and
// Print Ready) and stored-files.ts (reused artwork and opening a file).
import { artworkContext } from "./artwork-versions/artwork-context";
import type { ArtworkService, ArtworkServiceDeps } from "./artwork-versions/artwork-types";
import { storedFiles } from "./artwork-versions/stored-files";
import { versionChanges } from "./artwork-versions/version-changes";
import { versionUploads } from "./artwork-versions/version-uploads";

export type {
  ArtworkProcessor,
  ArtworkService,
  ArtworkServiceDeps,
  FileKind,
  MadeVersion,
  OrderedArtwork,
  Preflight,
  StoreResult,
  UploadedFile,
} from "./artwork-versions/artwork-types";

export function createArtworkService(deps: ArtworkServiceDeps): ArtworkService {
  const context = artworkContext(deps);
  return {
    orderedFor: context.orderedFor,
    ...versionUploads(context),
    ...versionChanges(context),
    ...storedFiles(context),
  };
}
