import { expect } from 'vitest';

// What a second review got past the server's sanitizer into candidates' pages, as if the server sent it.
export const HTML_PROBES = [
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<p>Sessione scaduta: <input type="password" name="password"></p>',
  '<form action="https://evil.example/"><button>Invia</button></form>',
  '<div style="position:fixed;inset:0;z-index:9999">Accedi di nuovo</div>',
  '<style>body{display:none}</style>',
  '<script>window.stolen = true</script>',
  '<img src="x" onerror="window.stolen = true">',
  '<a href="javascript:window.stolen = true">link</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
].join('');

/** No element or attribute of the probes that could act is left in `root`. */
export function expectNothingActive(root: HTMLElement) {
  for (const selector of ['meta', 'input', 'form', 'button', 'style', 'script', 'iframe', 'svg', '[style]', '[onerror]']) {
    expect(root.querySelector(selector), selector).toBeNull();
  }
  for (const link of root.querySelectorAll('a')) expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
  expect(root.innerHTML).not.toMatch(/javascript:|onerror|position:fixed/i);
}
