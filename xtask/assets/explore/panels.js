/* The panel registry: a panel explains one part of the current state beside
 * the board. `register({ id, applies(packed) -> bool, render(element, ctx),
 * check(trace) -> [problems] (optional) })`; view.js renders every panel
 * that applies into its own <section class="panel" data-panel="id"> after
 * each step, with ctx = { trace, state, event, n, algo, packed }, and the
 * selftest (#selftest=1) adds each panel's check of every trace. A panel
 * must not throw: if it cannot render, it says why in its section. */
var QueensPanels = (function () {
  'use strict';
  var specs = [];

  function register(spec) { specs.push(spec); }

  /* A new element with a class and a text, for the panels to build with. */
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function applicable(packed) {
    return specs.filter(function (spec) {
      try { return !!spec.applies(packed); } catch (e) { return false; }
    });
  }

  /* Renders the panels that apply to ctx.packed into `box`, one section each. */
  function renderAll(box, ctx) {
    if (!box) return;
    var want = applicable(ctx.packed), key = want.map(function (s) { return s.id; }).join(' ');
    if (box.getAttribute('data-panels') !== key) {
      box.textContent = '';
      want.forEach(function (spec) {
        var section = document.createElement('section');
        section.className = 'panel';
        section.setAttribute('data-panel', spec.id);
        box.appendChild(section);
      });
      box.setAttribute('data-panels', key);
    }
    want.forEach(function (spec, i) {
      var section = box.children[i];
      try {
        spec.render(section, ctx);
      } catch (e) {
        section.textContent = 'This panel cannot be shown: ' + (e && e.message || e);
      }
    });
  }

  /* The problems every applicable panel finds in what it shows for trace t. */
  function check(t) {
    var problems = [];
    applicable(t.info).forEach(function (spec) {
      if (!spec.check) return;
      try {
        spec.check(t).forEach(function (p) { problems.push(spec.id + ': ' + p); });
      } catch (e) {
        problems.push(spec.id + ': ' + (e && e.message || e));
      }
    });
    return problems;
  }

  return { register: register, applicable: applicable, renderAll: renderAll, check: check, el: el };
})();
