/**
 * The self-contained API reference page: the Redoc standalone bundle and the OpenAPI document
 * inlined into one HTML file, so it renders with no network access (no CDN at run time).
 * It lives in the server, the only place that serves it, so the published contract and SDK packages
 * carry no UI library (redoc brings react, mobx and core-js).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const BLANK_SVG = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';

function escapeForScript(json: string): string {
  // A JSON text inside <script> must not close the element or open a comment.
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function renderDocsPage(document: unknown, title = 'Cella API reference'): string {
  const bundle = readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8')
    .replace(/<\/script/gi, '<\\/script')
    // The footer logo is the bundle's one remote asset; an inline blank image keeps the page offline.
    .replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini\.svg/g, BLANK_SVG);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body { margin: 0; padding: 0; }</style>
</head>
<body>
<div id="redoc-container"></div>
<script>${bundle}</script>
<script>
  var spec = ${escapeForScript(JSON.stringify(document))};
  Redoc.init(spec, { hideDownloadButton: false, expandResponses: '200,201', disableSearch: false }, document.getElementById('redoc-container'));
</script>
</body>
</html>
`;
}
