/*
 * Campus Gamekit, JupyterLab: a link to a cell of another notebook
 * (glossary_alfredopoly.ipynb#cell-id=w-fee) lands on that cell the first time the notebook
 * opens, not only on a second click.
 *
 * Why: a click on such a link runs 'rendermime:handle-local-link', which opens the notebook
 * and calls its setFragment as soon as the file is read. The notebook then finds the cell
 * and scrolls to it, but on a first open its Markdown is not drawn yet (every cell is a few
 * pixels high), so the scroll ends near the top and the cells drawn afterwards push the
 * word out of view. A second click finds the page drawn and works.
 *
 * What: after that command, this plugin waits until the target cell and every Markdown cell
 * above it are drawn (for a heading's fragment, #Words-of-the-lessons, every Markdown cell),
 * asks the notebook for the fragment again (JupyterLab's own Notebook.setFragment), and for
 * a short while keeps the target at the top if cells above it still change height, unless
 * the reader scrolls, clicks or types first.
 *
 * Written by hand as a prebuilt ("federated") extension: no build step, no shared module,
 * nothing fetched; it only uses the application object JupyterLab hands to activate().
 */
(function () {
  'use strict';
  var NAME = 'campus-gamekit-links';
  var WAIT_MS = 120000;   // give up if the page is not drawn by then (a very busy machine)
  var SETTLE_MS = 3000;   // keep the cell in place while the page settles after landing

  function wait(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }

  function panelFor(app, path) {
    for (var w of app.shell.widgets('main')) {
      if (w.context && w.context.path === path && w.content && w.content.widgets) { return w; }
    }
    return null;
  }

  function drawn(cell) {
    if (!cell || !cell.model || cell.model.type !== 'markdown') { return true; }
    var source = cell.model.sharedModel ? cell.model.sharedModel.getSource() : '';
    if (!source.trim()) { return true; }
    if (!cell.rendered) { return true; }  // being edited: its editor has its height
    var md = cell.node.querySelector('.jp-RenderedMarkdown');
    return !!md && md.childElementCount > 0;
  }

  // The target once it and every Markdown cell above it are drawn: the cell with that id
  // (#cell-id=...), or for another fragment (a heading's #Words-of-the-lessons) the element
  // the notebook would look for, once every Markdown cell is drawn.
  function ready(panel, fragment) {
    if (!panel.isVisible) { return null; }
    var cells = panel.content.widgets;
    var byCell = fragment.indexOf('#cell-id=') === 0;
    var name = decodeURIComponent(fragment.slice(byCell ? '#cell-id='.length : 1));
    for (var i = 0; i < cells.length; i++) {
      if (!drawn(cells[i])) { return null; }
      if (byCell && cells[i].model.id === name) { return cells[i].node; }
    }
    if (byCell) { return null; }
    var sel = '[data-jupyter-id="' + CSS.escape(name) + '"], [id="' + CSS.escape(name) + '"]';
    return panel.content.node.querySelector(sel);
  }

  function keep(panel, target) {
    // Keep the cell's top where setFragment put it while the page settles.
    var scroller = panel.content.outerNode || panel.content.node;
    var stop = false;
    var quit = function () { stop = true; };
    var events = ['wheel', 'pointerdown', 'keydown', 'touchstart'];
    events.forEach(function (e) { scroller.addEventListener(e, quit, {passive: true, once: true}); });
    var top0 = target.getBoundingClientRect().top;
    var end = Date.now() + SETTLE_MS;
    function step() {
      if (stop || Date.now() > end || panel.isDisposed) {
        events.forEach(function (e) { scroller.removeEventListener(e, quit); });
        return;
      }
      var top = target.getBoundingClientRect().top;
      if (Math.abs(top - top0) > 2) { scroller.scrollTop += top - top0; }
      requestAnimationFrame(step);
    }
    requestAnimationFrame(step);
  }

  async function land(app, path, fragment) {
    var end = Date.now() + WAIT_MS;
    var panel = null;
    while (!(panel = panelFor(app, path))) {
      if (Date.now() > end) { return; }
      await wait(50);
    }
    await panel.context.ready;
    var target = null;
    while (!(target = ready(panel, fragment))) {
      if (Date.now() > end || panel.isDisposed) { return; }
      await wait(50);
    }
    await panel.content.setFragment(fragment);
    target.scrollIntoView({block: 'start'});
    keep(panel, target);
  }

  var plugin = {
    id: NAME + ':cell-links',
    description: 'A link to a notebook cell lands on the cell on the first open.',
    autoStart: true,
    activate: function (app) {
      app.commands.commandExecuted.connect(function (_, args) {
        if (args.id !== 'rendermime:handle-local-link') { return; }
        var a = args.args || {};
        var path = a.path, fragment = a.id;
        if (!path || typeof fragment !== 'string' || fragment.length < 2) { return; }
        if (!/\.ipynb$/.test(String(path))) { return; }  // a notebook (Markdown previews scroll themselves)
        Promise.resolve(args.result)
          .then(function () { return land(app, String(path), fragment); })
          .catch(function (e) { console.warn(NAME + ': ' + e); });
      });
    }
  };

  var root = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  root[NAME] = {
    init: function () { return Promise.resolve(); },
    get: function (module) {
      if (module !== './extension') {
        return Promise.reject(new Error('Module "' + module + '" does not exist in ' + NAME));
      }
      return Promise.resolve(function () { return {__esModule: true, default: [plugin]}; });
    }
  };
})();
