/* The search tree so far, beside the board: a panel (panels.js) for every
 * trace whose events make a tree, built by the rules of
 * xtask/src/analysis/tree.rs (the committed pictures' rules): `place` goes
 * down to a new child, `remove` back up, `dead-end` and `solution` mark the
 * node the search stands on, `restart` clears the board; candidates make the
 * prefix tree of the boards tested, partial lists the prefix tree of the
 * lists kept. The whole trace's tree is laid out once (a leaf per column, a
 * row per depth) and each step shows the nodes made so far, so nothing moves
 * while stepping. Up to n = MAX_N and MAX_NODES nodes it is drawn as SVG,
 * zoomable with its buttons or the + and - keys; above, a table per depth
 * summarises it. The page's selftest compares the drawing with the counts
 * Rust's tree.rs gives for the whole trace (packed entry's `tree`). */
var QueensTree = (function () {
  'use strict';
  var M = QueensModel, OP = M.OP;
  var MAX_N = 8, MAX_NODES = 12000;
  var ZOOMS = [1, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32];
  var SVG = null;             // the SVG namespace, as the HTML parser gives it
  var NEVER = Infinity;
  var zoom = 0;              // index into ZOOMS, shared by every trace
  var boxes = [];            // panel elements drawn into, for the zoom keys

  /* --- the tree of a whole trace ------------------------------------- */

  /* Which events make the tree (tree.rs's Source), from the first that does. */
  function sourceOf(t) {
    for (var k = 0; k < t.events; k++) {
      var code = t.kinds[k];
      if (code === OP.PLACE) return 'placements';
      if (code === OP.CANDIDATE || code === OP.RUN_ODOMETER || code === OP.RUN_PERMS) return 'candidates';
      if (code === OP.PARTIAL) return 'partials';
    }
    return null;
  }

  /* The tree of trace t: per node its parent, depth, queen, children, and the
   * position (events applied) from which it exists, is a dead end, is a
   * solution; `cur[p]`: the node the search stands on after p events. */
  function build(t) {
    if (t.treeView !== undefined) return t.treeView;
    var source = sourceOf(t);
    if (!source) return (t.treeView = null);
    var g = { source: source, parent: [-1], depth: [0], queen: [null], kids: [[]], born: [0],
      dead: [NEVER], sol: [NEVER], cur: new Int32Array(t.events + 1) };
    var index = {};         // "parent/row/col" → node (prefix trees)
    function add(parent, r, c, p) {
      var i = g.parent.length;
      g.parent.push(parent); g.depth.push(g.depth[parent] + 1); g.queen.push([r, c]);
      g.kids.push([]); g.born.push(p); g.dead.push(NEVER); g.sol.push(NEVER);
      g.kids[parent].push(i);
      return i;
    }
    function child(parent, r, c, p) {
      var key = parent + '/' + r + '/' + c;
      if (index[key] === undefined) index[key] = add(parent, r, c, p);
      return index[key];
    }
    function path(cols, p) {   // cols[0] is row 1
      var at = 0;
      for (var r = 0; r < cols.length; r++) at = child(at, r + 1, cols[r], p);
      return at;
    }
    var ops = t.ops, n = t.n, k, at, code, p, top = 0;
    if (source === 'placements') {
      var stack = [0];
      for (k = 0; k < t.events; k++) {
        code = t.kinds[k]; at = t.offs[k]; p = k + 1;
        top = stack[stack.length - 1];
        if (code === OP.PLACE) stack.push(add(top, ops[at + 1], ops[at + 2], p));
        else if (code === OP.REMOVE) {
          var q = g.queen[top];
          if (top === 0 || q[0] !== ops[at + 1] || q[1] !== ops[at + 2]) {
            throw new Error('event ' + p + ': remove of (' + ops[at + 1] + ', ' + ops[at + 2] + '), not the last queen placed');
          }
          stack.pop();
        } else if (code === OP.DEAD_END) { if (g.dead[top] === NEVER) g.dead[top] = p; }
        else if (code === OP.SOLUTION) { if (g.sol[top] === NEVER) g.sol[top] = p; }
        else if (code === OP.RESTART) stack.length = 1;
        g.cur[p] = stack[stack.length - 1];
      }
    } else {
      var s = M.initial(), levels = false, last = -1, leafAt = [];
      for (k = 0; k < t.events; k++) if (t.kinds[k] === OP.LEVEL) levels = true;
      for (k = 0; k < t.events; k++) {
        M.apply(t, s);
        code = t.kinds[k]; p = k + 1;
        if (source === 'candidates' && (code === OP.CANDIDATE || code === OP.RUN_ODOMETER || code === OP.RUN_PERMS)) {
          top = path(s.cand, p);
          if (s.ok && g.sol[top] === NEVER) g.sol[top] = p;
        } else if (source === 'partials' && code === OP.PARTIAL) {
          var list = s.partial, cols = [];
          for (var i = list.length - 1; i >= 0; i--) cols.push(list[i]);
          top = path(cols, p);
          if (list.length === n && g.sol[top] === NEVER) g.sol[top] = p;
          // Depth first: the list before, if this one does not extend it, never will be.
          if (!levels && last >= 0 && g.parent[top] !== last) leafAt.push([last, p]);
          last = top;
        } else if (source === 'partials' && code === OP.LEVEL) {
          // Level by level: level l starts once every list of length l - 1 is made.
          var l = ops[t.offs[k] + 1];
          for (var j = 1; j < g.parent.length; j++) if (g.depth[j] + 2 <= l) leafAt.push([j, p]);
        }
        g.cur[p] = top;
      }
      if (t.info.mode === 'count') for (var e = 1; e < g.parent.length; e++) leafAt.push([e, t.events]);
      // A list no one extends (a leaf short of n) is a dead end from the moment the search passed it.
      leafAt.forEach(function (pair) {
        var v = pair[0];
        if (!g.kids[v].length && g.depth[v] < n && pair[1] < g.dead[v]) g.dead[v] = pair[1];
      });
    }
    g.size = g.parent.length;
    return (t.treeView = g);
  }

  /* Nodes that exist after p events (they are made in event order). */
  function madeBy(g, p) {
    var lo = 0, hi = g.size;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (g.born[mid] <= p) lo = mid + 1; else hi = mid; }
    return lo;
  }

  /* Whether the root (the empty board) counts as a node: the course's one
   * rule, which Rust's tree facts carry (chapter 0 states it). */
  function rootIsNode(facts) { return !!(facts && facts.root_is_a_node); }

  /* Counts after p events: nodes (the root by `withRoot`), dead ends,
   * solutions, and per depth (depth 0, the root, only `withRoot`). */
  function counts(g, p, n, withRoot) {
    var made = madeBy(g, p), first = withRoot ? 0 : 1;
    var out = { nodes: Math.max(0, made - first), deadEnds: 0, solutions: 0, byDepth: [] };
    for (var d = 0; d <= n; d++) out.byDepth.push([0, 0, 0]);
    for (var i = first; i < made; i++) {
      var row = out.byDepth[g.depth[i]];
      row[0]++;
      if (g.dead[i] <= p) { out.deadEnds++; row[1]++; }
      if (g.sol[i] <= p) { out.solutions++; row[2]++; }
    }
    return out;
  }

  /* x of each node in leaf units: leaves left to right in the search's order. */
  function layout(g) {
    var x = new Float64Array(g.size), leaves = 0, stack = [[0, 0]];
    while (stack.length) {
      var top = stack[stack.length - 1], v = top[0], kids = g.kids[v];
      if (!kids.length) { x[v] = leaves++; stack.pop(); continue; }
      if (top[1] < kids.length) { stack.push([kids[top[1]++], 0]); continue; }
      x[v] = (x[kids[0]] + x[kids[kids.length - 1]]) / 2;
      stack.pop();
    }
    return { x: x, leaves: Math.max(1, leaves) };
  }

  /* --- drawing --------------------------------------------------------- */

  var el = QueensPanels.el;

  function svg(tag, attrs) {
    if (!SVG) { var holder = document.createElement('div'); holder.innerHTML = '<svg></svg>'; SVG = holder.firstChild.namespaceURI; }
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (a) { e.setAttribute(a, attrs[a]); });
    return e;
  }

  var plural = QueensPanels.plural;

  var ABOUT = {
    placements: 'The search tree so far: a dot per node (a queen placed), a row of dots per queen on the ' +
      'board, children left to right in the order the search made them. Each node is drawn where the ' +
      'finished trace puts it, so the tree fills in as you step.',
    candidates: 'This approach tests only complete boards, so its tree is the prefix tree of the boards tested ' +
      'so far: boards that agree on their first rows share a branch, and every tested board is a leaf in the ' +
      'bottom row. Without partial boards there are no dead ends.',
    partials: 'The prefix tree of the partial lists kept so far, read as boards (oldest column in row 1); ' +
      'a list that nothing extends is a dead end from the moment the search has passed it.'
  };

  function key() {
    return '<span class="tk dot"></span> node &nbsp; <span class="tk dead"></span> dead end &nbsp; ' +
      '<span class="tk sol"></span> solution &nbsp; <span class="tk cur"></span> the path to where the search stands';
  }

  /* Builds the panel's content for trace t: text, zoom buttons, SVG or summary table. */
  function setup(box, ctx) {
    var t = ctx.trace, g = build(t), facts = ctx.packed.tree;
    box.textContent = '';
    var st = { t: t, g: g, drawn: false, classes: [], nodes: [], edges: [] };
    box._tree = st;
    box.appendChild(el('h2', '', 'The search tree'));
    if (!g) { box.appendChild(el('p', '', 'The events of this trace make no tree.')); return st; }
    st.withRoot = rootIsNode(facts);
    var about = el('p', 'tree-about', ABOUT[g.source] + (st.withRoot
      ? ' The top dot, the root (the empty board), counts as a node.'
      : ' The top dot is the root, the empty board, which is not counted as a node.'));
    st.drawn = t.n <= MAX_N && g.size <= MAX_NODES;
    var size = (g.size - (st.withRoot ? 0 : 1)).toLocaleString('en');
    about.appendChild(document.createTextNode(st.drawn ? ''
      : (t.n > MAX_N ? ' Trees are drawn for n up to ' + MAX_N + '; at n = ' + t.n + ' this one (' + size + ' nodes)'
        : ' This tree has ' + size + ' nodes, more than the ' + MAX_NODES.toLocaleString('en') + ' drawn here; it') +
        ' is summarised instead: a table of the nodes made so far, the dead ends and the solutions at each ' +
        'depth, and the path from the root.'));
    box.appendChild(about);
    st.tally = el('p', 'tree-tally');
    st.tally.setAttribute('aria-live', 'off');
    box.appendChild(st.tally);
    if (st.drawn) {
      var bar = el('div', 'tree-zoom');
      bar.setAttribute('role', 'group');
      bar.setAttribute('aria-label', 'Zoom the tree');
      [['\u2212', -1, 'Zoom out (-)'], ['+', 1, 'Zoom in (+)'], ['Fit', 0, 'The whole tree in the panel']].forEach(function (b) {
        var btn = el('button', 'tree-zoom-' + (b[1] < 0 ? 'out' : b[1] > 0 ? 'in' : 'fit'), b[0]);
        btn.type = 'button';
        btn.title = b[2];
        btn.addEventListener('click', function () { setZoom(b[1] === 0 ? 0 : zoom + b[1]); });
        bar.appendChild(btn);
      });
      st.zoomOut = el('span', 'tree-zoom-level');
      bar.appendChild(st.zoomOut);
      box.appendChild(bar);
      st.scroll = el('div', 'tree-scroll');
      st.scroll.setAttribute('role', 'img');
      st.scroll.setAttribute('aria-label', 'The search tree so far');
      box.appendChild(st.scroll);
      st.svg = svg('svg', { 'class': 'tree-svg' });
      var edges = svg('g', { 'class': 'edges' }), dots = svg('g', { 'class': 'dots' });
      st.svg.appendChild(edges); st.svg.appendChild(dots);
      st.scroll.appendChild(st.svg);
      st.layout = layout(g);
      for (var i = 0; i < g.size; i++) {
        st.edges.push(i ? edges.appendChild(svg('line', {})) : null);
        var c = dots.appendChild(svg('circle', {}));
        var title = svg('title', {});
        var q = g.queen[i];
        title.textContent = i ? 'row ' + q[0] + ', column ' + q[1] : 'the root: an empty board';
        c.appendChild(title);
        st.nodes.push(c);
        st.classes.push('');
      }
      box.appendChild(el('p', 'tree-key')).innerHTML = key();
    } else {
      st.table = el('table', 'tree-depths');
      var head = el('tr');
      ['Depth (queens)', 'Nodes so far', 'Dead ends', 'Solutions'].forEach(function (h) { head.appendChild(el('th', '', h)); });
      st.table.appendChild(head);
      st.rows = [];
      for (var d = 0; d <= t.n; d++) {
        if (d === 0 && !st.withRoot) { st.rows.push(null); continue; }
        var tr = el('tr'), cells = [el('th', '', String(d)), el('td'), el('td'), el('td')];
        cells.forEach(function (cell) { tr.appendChild(cell); });
        st.table.appendChild(tr);
        st.rows.push(cells);
      }
      box.appendChild(st.table);
      st.path = el('p', 'tree-path');
      box.appendChild(st.path);
    }
    var links = el('p', 'tree-links');
    var pics = facts && facts.pictures || [];
    if (pics.length) {
      links.appendChild(document.createTextNode('Drawn whole in the course\u2019s pictures: '));
      pics.forEach(function (pic, i) {
        var a = el('a', '', pic.title);
        a.href = pic.href;
        if (i) links.appendChild(document.createTextNode('; '));
        links.appendChild(a);
      });
      links.appendChild(document.createTextNode('.'));
    } else {
      links.textContent = 'No committed picture draws ' + t.info.algo + '\u2019s tree at n = ' + t.n +
        '; the course draws whole trees of a few approaches on small boards.';
    }
    box.appendChild(links);
    place(st);
    return st;
  }

  /* Positions every node for the current zoom (the panel's width times the zoom). */
  function place(st) {
    if (!st.drawn) return;
    var g = st.g, lay = st.layout;
    var wide = Math.max(200, (st.scroll.clientWidth || 480) - 4) * ZOOMS[zoom];
    var dx = wide / lay.leaves, dy = 34, top = 12;
    var r = Math.max(1.5, Math.min(6, dx * 0.4));
    st.svg.setAttribute('width', String(Math.round(wide)));
    st.svg.setAttribute('height', String(top * 2 + dy * st.t.n));
    st.svg.style.setProperty('--r', r + 'px');
    st.px = function (i) { return (lay.x[i] + 0.5) * dx; };
    st.py = function (i) { return top + g.depth[i] * dy; };
    for (var i = 0; i < g.size; i++) {
      st.nodes[i].setAttribute('cx', st.px(i).toFixed(1));
      st.nodes[i].setAttribute('cy', String(st.py(i)));
      st.nodes[i].setAttribute('r', r.toFixed(1));
      if (i) {
        var e = st.edges[i], p = g.parent[i];
        e.setAttribute('x1', st.px(p).toFixed(1)); e.setAttribute('y1', String(st.py(p)));
        e.setAttribute('x2', st.px(i).toFixed(1)); e.setAttribute('y2', String(st.py(i)));
      }
    }
    st.zoomOut.textContent = 'Zoom ' + ZOOMS[zoom] + '\u00D7';
    st.box && st.box.setAttribute('data-zoom', String(ZOOMS[zoom]));
  }

  /* Shows the tree after p events: nodes made so far, their marks, the path. */
  function show(st, p) {
    var g = st.g;
    if (!g) return;
    var n = st.t.n, c = counts(g, p, n, st.withRoot), onPath = {}, v = g.cur[p];
    for (var w = v; w >= 0; w = g.parent[w]) onPath[w] = true;
    st.tally.textContent = 'So far: ' + plural(c.nodes, 'node', 'nodes') + ' of the ' +
      (g.size - (st.withRoot ? 0 : 1)).toLocaleString('en') + ' this trace makes, ' + plural(c.deadEnds, 'dead end', 'dead ends') +
      ', ' + plural(c.solutions, 'solution', 'solutions') + '.';
    var box = st.box;
    box.setAttribute('data-nodes', String(c.nodes));
    box.setAttribute('data-dead-ends', String(c.deadEnds));
    box.setAttribute('data-solutions', String(c.solutions));
    box.setAttribute('data-current', String(v));
    if (st.drawn) {
      for (var i = 0; i < g.size; i++) {
        var cls = i >= c.nodes + (st.withRoot ? 0 : 1) ? 'later'
          : (g.sol[i] <= p ? 'sol' : g.dead[i] <= p ? 'dead' : 'node') + (onPath[i] ? ' path' : '') + (i === v ? ' cur' : '');
        if (st.classes[i] === cls) continue;
        st.classes[i] = cls;
        st.nodes[i].setAttribute('class', cls);
        if (i) st.edges[i].setAttribute('class', cls === 'later' ? 'later' : onPath[i] ? 'path' : '');
      }
      if (ZOOMS[zoom] > 1) {   // keep where the search stands in view
        st.scroll.scrollLeft = Math.max(0, st.px(v) - st.scroll.clientWidth / 2);
      }
    } else {
      c.byDepth.forEach(function (row, d) {
        if (!st.rows[d]) return;
        st.rows[d][1].textContent = String(row[0]);
        st.rows[d][2].textContent = String(row[1]);
        st.rows[d][3].textContent = String(row[2]);
      });
      var qs = [];
      for (var u = v; u > 0; u = g.parent[u]) qs.unshift('(' + g.queen[u].join(', ') + ')');
      st.path.textContent = 'Path from the root to where the search stands: ' +
        (qs.length ? qs.join(' \u2192 ') + ' (row, column).' : 'the root, an empty board.');
    }
  }

  function render(box, ctx) {
    var st = box._tree;
    if (!st || st.t !== ctx.trace) { st = setup(box, ctx); st.box = box; place(st); }
    if (boxes.indexOf(box) < 0) boxes.push(box);
    show(st, ctx.event);
    st.at = ctx.event;
  }

  function setZoom(z) {
    zoom = Math.max(0, Math.min(ZOOMS.length - 1, z));
    boxes.forEach(function (box) {
      var st = box._tree;
      if (st && st.drawn) { place(st); st.classes = st.classes.map(function () { return ''; }); show(st, st.at || 0); }
    });
  }

  /* Whether a key goes to a text field (keys act wherever focus is, except there). */
  function typing(target) {
    if (!target) return false;
    var tag = target.tagName;
    if (tag === 'TEXTAREA' || target.isContentEditable) return true;
    return tag === 'INPUT' && /^(text|search|number|email|url|password|tel)$/.test(target.type);
  }

  /* + and - zoom wherever focus is, except in a text field. */
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
    if (!boxes.some(function (b) { return !b.hidden && b._tree && b._tree.drawn; })) return;
    if (e.key === '+' || e.key === '=') setZoom(zoom + 1);
    else if (e.key === '-' || e.key === '_') setZoom(zoom - 1);
    else return;
    e.preventDefault();
  });

  window.addEventListener('resize', function () { setZoom(zoom); });

  QueensPanels.register({
    id: 'tree',
    applies: function (packed) { return !!packed.tree; },
    render: render
  });

  /* Selftest: draws t's tree at its end into a detached panel and compares
   * what the drawing shows with Rust's counts of the whole tree and with the
   * trace's own dead-end and solution events. Returns a list of problems. */
  function selfCheck(t) {
    var facts = t.info.tree, problems = [];
    if (!facts) return problems;
    var box = document.createElement('section');
    var ctx = { trace: t, state: null, event: t.events, n: t.n, algo: t.info.algo, packed: t.info };
    render(box, ctx);
    var st = box._tree, shown;
    if (st.drawn) {
      shown = { nodes: 0, deadEnds: 0, solutions: 0 };
      st.nodes.forEach(function (c, i) {
        var cls = c.getAttribute('class');
        if (cls === 'later' || (i === 0 && !st.withRoot)) return;
        shown.nodes++;
        if (/^dead/.test(cls)) shown.deadEnds++;
        if (/^sol/.test(cls)) shown.solutions++;
      });
    } else {
      shown = { nodes: 0, deadEnds: 0, solutions: 0 };
      st.rows.forEach(function (cells) {
        if (!cells) return;
        shown.nodes += +cells[1].textContent;
        shown.deadEnds += +cells[2].textContent;
        shown.solutions += +cells[3].textContent;
      });
    }
    var want = { nodes: facts.nodes, deadEnds: facts.dead_ends, solutions: facts.solutions };
    [['nodes', 'nodes'], ['deadEnds', 'dead ends'], ['solutions', 'solutions']].forEach(function (what) {
      if (shown[what[0]] !== want[what[0]]) {
        problems.push('the tree shows ' + shown[what[0]] + ' ' + what[1] + ', tree.rs counts ' + want[what[0]]);
      }
    });
    if (st.g.source === 'placements') {
      var s = M.seek(t, t.events);
      if (shown.solutions !== s.found) problems.push('the tree shows ' + shown.solutions + ' solutions, the trace has ' + s.found + ' solution events');
      if (shown.deadEnds !== s.deadEnds) problems.push('the tree shows ' + shown.deadEnds + ' dead ends, the trace has ' + s.deadEnds + ' dead-end events');
    }
    if (box.getAttribute('data-nodes') !== String(shown.nodes)) problems.push('the tally says ' + box.getAttribute('data-nodes') + ' nodes');
    if (st.g.source === 'placements') {
      // Half way: a node per queen placed so far, the dead ends and solutions met so far.
      var mid = Math.floor(t.events / 2), placed = 0, s2 = M.seek(t, mid);
      for (var k = 0; k < mid; k++) if (t.kinds[k] === OP.PLACE) placed++;
      render(box, { trace: t, state: s2, event: mid, n: t.n, algo: t.info.algo, packed: t.info });
      var got = [box.getAttribute('data-nodes'), box.getAttribute('data-dead-ends'), box.getAttribute('data-solutions')].join('/');
      var want2 = [placed + (st.withRoot ? 1 : 0), s2.deadEnds, s2.found].join('/');
      if (got !== want2) problems.push('at event ' + mid + ' the tree shows nodes/dead ends/solutions ' + got + ', the trace ' + want2);
    }
    boxes.splice(boxes.indexOf(box), 1);
    return problems;
  }

  return { build: build, counts: counts, selfCheck: selfCheck, typing: typing, MAX_N: MAX_N };
})();
