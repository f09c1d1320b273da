/** The artwork rules customers need before they upload (spec section 2, Artwork Guidelines). */
export function ArtworkGuide({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="artwork-guide" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <Heading id="artwork-guide" className="text-lg font-bold">
        Artwork Guide
      </Heading>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>Send your artwork as a PDF or JPG (PNG and TIFF are fine too), up to 200 MB a file.</li>
        <li>
          Resolution: 300 dpi at full size is ideal; 150 dpi at full size (or 300 dpi at half size) is the minimum for a sharp print. We warn
          you below 150 ppi and cannot print below 100 ppi.
        </li>
        <li>Colour: supply CMYK. RGB files are converted to CMYK and print darker than they look on screen.</li>
        <li>No bleeds or crop marks are needed: set the document to the finished size, in the same proportions as your order.</li>
        <li>Keep text and logos at least 2cm from the edges, clear of eyelets and drill holes.</li>
        <li>One file per version. With several versions, say how many of each you want; together they must add up to the quantity ordered.</li>
      </ul>
    </section>
  );
}
