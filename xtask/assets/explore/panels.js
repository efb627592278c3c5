/* The panel registry: a panel is a view of one kind of trace, drawn beside
 * the board after every step. A spec is { id, applies(packedEntry) -> bool,
 * render(element, ctx) } with ctx = { trace, state, event, n, algo, packed };
 * view.js renders each applicable panel into its own
 * <section class="panel" data-panel="id">. A panel must not throw: when it
 * cannot render it says why, in its section. */
var QueensPanels = (function () {
  'use strict';
  var specs = [];

  function register(spec) { specs.push(spec); }

  /* Renders the panels that apply to ctx.packed into `container`, one section each. */
  function renderAll(container, ctx) {
    specs.forEach(function (spec) {
      var box = container.querySelector('section[data-panel="' + spec.id + '"]');
      var on = false;
      try { on = !!spec.applies(ctx.packed); } catch (e) { on = false; }
      if (!on) { if (box) box.hidden = true; return; }
      if (!box) {
        box = document.createElement('section');
        box.className = 'panel';
        box.setAttribute('data-panel', spec.id);
        container.appendChild(box);
      }
      box.hidden = false;
      try {
        spec.render(box, ctx);
      } catch (e) {
        box.textContent = 'This panel cannot be shown: ' + String(e && e.message || e);
        if (window.reportPageError) window.reportPageError('panel ' + spec.id + ': ' + (e && e.message || e));
      }
    });
  }

  return { register: register, renderAll: renderAll, list: function () { return specs.slice(); } };
})();
