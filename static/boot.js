// Starts HeapLab. The site has three wasm bundles built from one crate (web/src/bundle.rs):
// "lab" holds the pages of LAB_PAGES, "rules" those of RULES_PAGES (the only bundle with the
// ruleset language), "core" all the others. This loads the bundle of the page in the address
// bar and calls its start(), which mounts the app into #app; a link to a page of another
// bundle calls heaplabSwitch, which stops this app and starts that bundle on the same URL. It lives in its own file because the page's
// Content-Security-Policy allows no inline scripts.
const BUNDLES = { core: '../heaplab.js', lab: '../heaplab_lab.js', rules: '../heaplab_rules.js' };
// The lab bundle's pages: the same list as the page registry's "lab" entries
// (web/src/route/registry.rs), which a test checks.
const LAB_PAGES = ['/cumulative-subtraction', '/cumulative-games', '/scoring', '/partizan', '/misere', '/atlas'];
// The rules bundle's pages (the registry's "rules" entries, checked by the same test).
const RULES_PAGES = ['/rules'];

function bundleOf(hash) {
  const path = hash.replace(/^#/, '').split('?')[0].replace(/\/+$/, '');
  if (RULES_PAGES.includes(path)) return 'rules';
  return LAB_PAGES.includes(path) ? 'lab' : 'core';
}

let running = null;
// Each bundle's glue, imported and its module instantiated once (tried again after a failure).
const loaded = {};

function load(name) {
  const url = new URL(BUNDLES[name], import.meta.url).href;
  loaded[name] ||= import(url)
    .then(async (glue) => {
      await glue.default();
      return { url, glue };
    })
    .catch((error) => {
      delete loaded[name];
      throw error;
    });
  return loaded[name];
}

async function run(name) {
  if (running && running.name === name) return;
  const { url, glue } = await load(name);
  if (running) running.glue.stop();
  // The workers a page starts import this glue to run the same module.
  globalThis.heaplabGlue = url;
  running = { name, glue };
  glue.start();
}

function fail(error) {
  const message = 'HeapLab could not start: ' + error +
    '. It needs a browser with WebAssembly SIMD: Chrome or Edge 97, Firefox 114, Safari 16.4 or later.';
  // Before the app has started, its frame's note; after, the note of a page that waits for
  // the other bundle (web/src/bundle.rs).
  const note = document.getElementById('boot-note') || document.getElementById('bundle-loading');
  if (note) {
    note.textContent = message;
    note.setAttribute('role', 'alert');
  }
  console.error(error);
}

globalThis.heaplabSwitch = (name) => {
  run(name).catch(fail);
};

// The figure layer's writers for the rules bundle, which leaves them out to keep its page's
// first visit small: the core bundle's glue (its figure_text and figure_png), loaded on the
// first export and kept (web/src/components/figure_writer.rs).
globalThis.heaplabFigureWriter = async () => (await load('core')).glue;

run(bundleOf(location.hash)).catch(fail);
