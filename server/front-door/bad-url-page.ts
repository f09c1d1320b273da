// The answer to an address the router cannot decode ("/%E0%A4%A"). Such a URL never reaches the pages'
// router, so a browser gets this small page of its own; only /api/* callers get the JSON error body.

export const BAD_URL_MESSAGE = "The address is not valid: it has a broken %-escape.";

/** Whether a request for this raw URL is an API call (answered in JSON) rather than a page. */
export function isApiUrl(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

/** The 400 page: the shop's name, what went wrong in words, and the ways back into the shop. */
export function badUrlPage(): string {
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Bad address | Printwise Trade Print</title>
</head>
<body>
<header><a href="/">Printwise Trade Print</a></header>
<main>
<h1>Bad address</h1>
<p>${BAD_URL_MESSAGE} Please check the link, or start again from the home page.</p>
<p><a href="/">Back to the home page</a> · <a href="/contact-us">Contact us</a></p>
</main>
</body>
</html>
`;
}
