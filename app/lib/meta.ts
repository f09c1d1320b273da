/** Title, description and keywords from the catalogue's page_* fields. */
export function pageMeta(page: { pageTitle: string; pageDescription: string; pageKeywords: string } | undefined, fallbackTitle: string) {
  if (!page) return [{ title: fallbackTitle }];
  return [
    { title: page.pageTitle },
    { name: "description", content: page.pageDescription },
    { name: "keywords", content: page.pageKeywords },
    { property: "og:title", content: page.pageTitle },
    { property: "og:description", content: page.pageDescription },
  ];
}
