/* The panels beside the board: a registry any script can add to, and the
 * panels of the tree, candidate and list approaches (what the approach is,
 * and its own representation of the current state).
 *
 * QueensPanels.register({ id, applies, render, check }):
 *   id       a short name; the panel is drawn into <section class="panel" data-panel="id">;
 *   applies  function (packedEntry) -> bool: whether the panel belongs to a trace;
 *   render   function (element, ctx), ctx = { trace, state, event, n, algo, packed }
 *            (trace from QueensModel.decode, state the model state at event);
 *            it must not throw: when it cannot draw, it writes a sentence saying why;
 *   check    optional, function (element, ctx) -> [problems]: compares what the
 *            element shows with the trace; #selftest=1 runs it at several events;
 *   checkTrace optional, function (trace) -> [problems]: replays the whole trace
 *            and checks what the panel explains (#selftest=1 runs it once).
 * The descriptions (source, author, language, step, what to watch) are data,
 * from xtask/assets/explore/approaches.txt and the registry, in #approach-data. */
var QueensPanels = (function () {
  'use strict';
  var M = QueensModel;
  var specs = [];
  var aboutData = null;

  function register(spec) {
    if (!spec || typeof spec.id !== 'string' || typeof spec.applies !== 'function' ||
        typeof spec.render !== 'function') {
      throw new Error('QueensPanels.register needs { id, applies, render }');
    }
    specs.forEach(function (s) {
      if (s.id === spec.id) throw new Error('panel ' + spec.id + ' registered twice');
    });
    specs.push(spec);
  }

  /* The panels that apply to a packed trace, in registration order. */
  function applicable(packed) {
    return specs.filter(function (s) {
      try { return !!s.applies(packed); } catch (e) { return false; }
    });
  }

  /* The description of an approach (approaches.txt joined with the registry), or null. */
  function about(algo) {
    if (aboutData === null) {
      var node = document.getElementById('approach-data');
      aboutData = node ? JSON.parse(node.textContent) : {};
    }
    return aboutData[algo] || null;
  }

  /* --- small helpers ------------------------------------------------ */

  /* A new element with a class and a text; and a count with its noun: the
   * helpers every panel, the tree and the side-by-side view build with. */
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function para(box, text, cls) { box.appendChild(el('p', cls || 'note', text)); }

  function plural(k, one, many) { return k + ' ' + (k === 1 ? one : many); }

  /* The queens of a row-by-row tree state, row → column (1-based), and the rows filled. */
  function byRow(queens) {
    var col = {};
    queens.forEach(function (q) { col[q[0]] = q[1]; });
    return col;
  }

  function ids(list) { return function (p) { return list.indexOf(p.algo) >= 0; }; }

  /* A row of n cells, each lit or not, labelled; `marks[c]` (1-based) true = lit. */
  function bitRow(label, n, marks, cls) {
    var line = el('div', 'bits-row');
    line.appendChild(el('span', 'bits-label', label));
    var word = el('span', 'bits-word');
    for (var c = 1; c <= n; c++) {
      var bit = el('span', 'bit' + (marks[c] ? ' on ' + cls : ''), marks[c] ? '1' : '0');
      bit.setAttribute('data-col', String(c));
      word.appendChild(bit);
    }
    line.appendChild(word);
    return line;
  }

  function textOf(element, selector) {
    var node = element.querySelector(selector);
    return node ? node.textContent : null;
  }

  /* --- what the approach is ---------------------------------------- */

  register({
    id: 'about',
    applies: function (p) { return about(p.algo) !== null; },
    render: function (box, ctx) {
      var a = about(ctx.algo);
      box.textContent = '';
      box.appendChild(el('h2', '', a.title));
      var dl = el('dl', 'facts');
      [['Source', a.source], ['Seed file', a.seed], ['Author', a.author], ['Language', a.language],
        ['Works on', a.structure], ['One step', a.step]].forEach(function (row) {
        if (!row[1]) return;
        dl.appendChild(el('dt', '', row[0]));
        var dd = el('dd', '', row[1]);
        dd.setAttribute('data-fact', row[0].toLowerCase().replace(' ', '-'));
        dl.appendChild(dd);
      });
      box.appendChild(dl);
      if (a.watch) box.appendChild(el('p', 'watch', 'Watch for: ' + a.watch));
    },
    check: function (box, ctx) {
      var a = about(ctx.algo), out = [];
      if (textOf(box, 'h2') !== a.title) out.push('the panel does not name ' + a.title);
      if (a.seed && textOf(box, '[data-fact="seed-file"]') !== a.seed) out.push('the seed file is not ' + a.seed);
      return out;
    }
  });

  /* --- bitmask: the three words the next row reads ------------------ */

  /* For the next row of a row-by-row board: the columns its three words
   * block (used columns, the ↘ and ↙ diagonals of the queens above) and the
   * free ones, 1-based. Computed from the queens, as every bitmask crate's
   * words say it, whatever shift each one uses to store them. */
  function words(n, queens) {
    var row = queens.length + 1, cols = {}, down = {}, up = {}, free = {}, c;
    queens.forEach(function (q) {
      var d = row - q[0];
      cols[q[1]] = true;
      if (q[1] + d <= n) down[q[1] + d] = true;
      if (q[1] - d >= 1) up[q[1] - d] = true;
    });
    var count = 0;
    for (c = 1; c <= n; c++) {
      free[c] = row <= n && !cols[c] && !down[c] && !up[c];
      if (free[c]) count++;
    }
    return { row: row, cols: cols, down: down, up: up, free: free, count: count };
  }

  register({
    id: 'bits',
    applies: ids(['bitmask', 'bitmask-mirror', 'bitmask-symmetric']),
    render: function (box, ctx) {
      box.textContent = '';
      var n = ctx.n, w = words(n, ctx.state.queens);
      box.appendChild(el('h2', '', 'The bit words'));
      if (w.row > n) {
        para(box, 'All ' + n + ' rows hold a queen: the words are full, a solution.');
        return;
      }
      para(box, 'What row ' + w.row + ' reads: a bit per column, column 1 at the left.');
      var grid = el('div', 'bits');
      grid.appendChild(bitRow('columns', n, w.cols, 'used'));
      grid.appendChild(bitRow('diagonal \u2198', n, w.down, 'used'));
      grid.appendChild(bitRow('diagonal \u2199', n, w.up, 'used'));
      grid.appendChild(bitRow('free', n, w.free, 'free'));
      box.appendChild(grid);
      box.setAttribute('data-free', String(w.count));
      para(box, w.count === 0
        ? 'No bit is free: row ' + w.row + ' has no safe square, so the search goes back.'
        : 'free = not (columns or diagonal \u2198 or diagonal \u2199): ' +
          plural(w.count, 'column', 'columns') + ' left to try in row ' + w.row + '.');
      if (ctx.algo === 'bitmask') {
        para(box, 'The C program keeps each diagonal at its own bit and shifts the two diagonal words by the row before it reads them.');
      } else {
        para(box, 'This counter shifts the two diagonal words by one bit at every row, so they are always the row\'s view.');
      }
    },
    check: function (box, ctx) {
      var n = ctx.n, queens = ctx.state.queens, out = [];
      if (queens.length >= n) return out;
      var grid = M.attacks(n, queens, false), safe = 0, lit = box.querySelectorAll('.bit.on.free').length;
      for (var c = 1; c <= n; c++) if (grid[queens.length + 1][c] === 0) safe++;
      if (lit !== safe) out.push(lit + ' free bits lit, row ' + (queens.length + 1) + ' has ' + safe + ' safe squares');
      return out;
    }
  });

  /* --- attack-board: the seed's (n+1)×(n+1) table -------------------- */

  /* B[i][j] as Queens.py holds it: 1 a queen, −k attacked by k queens in the
   * rows above, 0 safe; B[i][0] the column of row i's queen; row 0 unused. */
  function table(n, queens) {
    var hit = M.attacks(n, queens, true), col = byRow(queens), B = [], i, j;
    for (i = 0; i <= n; i++) {
      B.push([]);
      for (j = 0; j <= n; j++) {
        if (i === 0) B[i].push(0);
        else if (j === 0) B[i].push(col[i] || 0);
        else if (col[i] === j) B[i].push(1);
        else B[i].push(-hit[i][j]);
      }
    }
    return B;
  }

  register({
    id: 'attack-table',
    applies: ids(['attack-board']),
    render: function (box, ctx) {
      box.textContent = '';
      var n = ctx.n, B = table(n, ctx.state.queens);
      box.appendChild(el('h2', '', 'The table B'));
      var t = el('table', 'numbers');
      var head = el('tr');
      head.appendChild(el('th', '', ''));
      for (var j = 0; j <= n; j++) head.appendChild(el('th', j === 0 ? 'zero' : '', String(j)));
      t.appendChild(head);
      for (var i = 0; i <= n; i++) {
        var tr = el('tr');
        tr.appendChild(el('th', '', String(i)));
        for (j = 0; j <= n; j++) {
          var v = B[i][j];
          var td = el('td', (j === 0 ? 'zero' : '') + (j > 0 && v === 1 ? ' queen' : v < 0 ? ' hit' : ''),
            v < 0 ? '\u2212' + (-v) : String(v));
          td.setAttribute('data-rc', i + ',' + j);
          tr.appendChild(td);
        }
        t.appendChild(tr);
      }
      box.appendChild(t);
      para(box, 'B[i][j] is 1 for a queen, \u2212k for a square k queens above attack, 0 for a safe square. ' +
        'Column 0 holds each row\'s queen\'s column: at the end it is the solution.');
    },
    check: function (box, ctx) {
      var B = table(ctx.n, ctx.state.queens), out = [];
      ctx.state.queens.forEach(function (q) {
        var cell = box.querySelector('[data-rc="' + q[0] + ',0"]');
        if (!cell || cell.textContent !== String(q[1])) out.push('B[' + q[0] + '][0] is not ' + q[1]);
      });
      var bad = 0;
      box.querySelectorAll('td[data-rc]').forEach(function (cell) {
        var rc = cell.getAttribute('data-rc').split(',');
        if (cell.textContent.replace('\u2212', '-') !== String(B[+rc[0]][+rc[1]])) bad++;
      });
      if (bad) out.push(bad + ' cells of B differ from the queens\' attacks');
      return out;
    }
  });

  /* --- string-regex: the string and the two tests ------------------- */

  function stringOf(queens) {
    return queens.slice().reverse().map(function (q) {
      return String.fromCharCode(47 + q[1]);          // column c is the character '0' + c - 1
    }).join('');
  }

  register({
    id: 'string',
    applies: ids(['string-regex']),
    render: function (box, ctx) {
      box.textContent = '';
      var n = ctx.n, queens = ctx.state.queens, s = stringOf(queens);
      box.appendChild(el('h2', '', 'The string'));
      var line = el('p', 'big mono');
      line.appendChild(el('span', 'newest', s.slice(0, 1)));
      line.appendChild(document.createTextNode(s.slice(1) || (s ? '' : '""')));
      line.setAttribute('data-string', s);
      box.appendChild(line);
      para(box, s ? 'Column c is the character ' + "'0' + c \u2212 1; the newest queen first (it is prepended)." : 'The empty string: no queen yet.');
      box.appendChild(el('pre', 'mono', '$_[0] =~ $_                          # same column\n' +
        '$_[0] =~ /^(.)(.*(.))(??{abs$1-$3!=length$2 && \'x\'})/   # same diagonal'));
      if (queens.length >= n) { para(box, 'The string has ' + n + ' characters: a solution.'); return; }
      var w = words(n, queens), groups = { col: [], diag: [], ok: [] };
      for (var c = 1; c <= n; c++) {
        groups[w.cols[c] ? 'col' : (w.down[c] || w.up[c]) ? 'diag' : 'ok'].push(String.fromCharCode(47 + c));
      }
      var dl = el('dl', 'facts');
      [['col', 'The column test matches'], ['diag', 'The diagonal regex matches'], ['ok', 'Passes both: prepended']].forEach(function (g) {
        dl.appendChild(el('dt', '', g[1]));
        var dd = el('dd', 'mono', groups[g[0]].length ? groups[g[0]].join(' ') : 'none');
        dd.setAttribute('data-test', g[0]);
        dl.appendChild(dd);
      });
      para(box, 'The next character, for each column of row ' + w.row + ':');
      box.appendChild(dl);
    },
    check: function (box, ctx) {
      var node = box.querySelector('[data-string]'), want = stringOf(ctx.state.queens);
      return node && node.getAttribute('data-string') === want ? [] : ['the string is not "' + want + '"'];
    }
  });

  /* --- the list comprehension: the partial list and its levels ------- */

  register({
    id: 'lists',
    applies: ids(['list-comprehension', 'list-comprehension-strict']),
    render: function (box, ctx) {
      box.textContent = '';
      var s = ctx.state, n = ctx.n, lazy = ctx.algo === 'list-comprehension';
      box.appendChild(el('h2', '', lazy ? 'The chain of generators' : 'The levels'));
      box.appendChild(el('pre', 'mono', 'queens 0 = [[]]\nqueens n = [ x : y | y <- queens (n-1), x <- [1..boardSize], safe x y 1]'));
      para(box, 'The seed\'s program, with boardSize = ' + n + '.');
      var p = s.partial || [];
      var list = el('ol', 'levels');
      for (var d = 1; d <= n; d++) {
        var li = el('li', d === p.length ? 'current' : '');
        var tail = p.length >= d ? p.slice(p.length - d) : null;
        var made = s.perLevel[d] || 0;
        li.setAttribute('data-level', String(d));
        li.setAttribute('data-made', String(made));
        li.appendChild(el('span', 'lvl', 'queens ' + d));
        li.appendChild(el('span', 'mono', tail ? '[' + tail.join(',') + ']' : '\u2014'));
        li.appendChild(el('span', 'made', plural(made, 'list', 'lists') + ' so far'));
        list.appendChild(li);
      }
      box.appendChild(list);
      para(box, lazy
        ? 'Each line is one generator: queens d holds one list at a time, x : y with y the list of queens (d\u22121) above it (they share their tails). A new list at level d is made only when queens (d+1) asks for one.'
        : 'Every list of level d is built from all the lists of level d\u22121 before level d+1 starts; above the current list, each line shows the shorter list it was built from (its tail).');
    },
    check: function (box, ctx) {
      var s = ctx.state, out = [], len = s.partial ? s.partial.length : 0;
      var made = box.querySelector('li[data-level="' + len + '"]');
      if (len && (!made || +made.getAttribute('data-made') < 1)) out.push('level ' + len + ' shows no list made');
      if (len && s.level !== len) out.push('the level counter says ' + s.level + ' for a list of ' + len);
      if (len && s.atLevel < 1) out.push('list ' + s.atLevel + ' of its level');
      return out;
    }
  });

  /* --- permutations: tested and kept ---------------------------------- */

  function factorial(n) { var f = 1; for (var i = 2; i <= n; i++) f *= i; return f; }

  register({
    id: 'perms',
    applies: ids(['permutations', 'permutations-streaming']),
    render: function (box, ctx) {
      box.textContent = '';
      var s = ctx.state, n = ctx.n, total = factorial(n);
      box.appendChild(el('h2', '', 'Tested and kept'));
      var line = el('p', 'big');
      line.setAttribute('data-tested', String(s.steps));
      line.setAttribute('data-kept', String(s.kept));
      line.textContent = s.kept + ' kept of ' + s.steps + ' tested';
      box.appendChild(line);
      para(box, 'perms(1:' + n + ') lists all ' + total + ' permutations, in reverse lexicographic order. ' +
        'A permutation puts one queen in every row and column, so only diagonals can clash: ' +
        'a permutation with no two queens on a diagonal is kept, and every kept one is a solution. ' +
        (ctx.packed.mode === 'count' ? 'The search tests all ' + total + ' and keeps ' + ctx.packed.solutions + '.' : ''));
      if (s.cand) {
        var row = el('p', 'mono big', '[' + s.cand.join(' ') + ']');
        row.setAttribute('data-candidate', s.cand.join(','));
        box.appendChild(row);
      }
    },
    check: function (box, ctx) {
      var node = box.querySelector('[data-kept]'), s = ctx.state;
      return node && +node.getAttribute('data-kept') === s.kept && +node.getAttribute('data-tested') === s.steps
        ? [] : ['kept/tested is not ' + s.kept + '/' + s.steps];
    }
  });

  /* --- generate-and-test: the odometer -------------------------------- */

  register({
    id: 'odometer',
    applies: ids(['generate-and-test']),
    render: function (box, ctx) {
      box.textContent = '';
      var s = ctx.state, n = ctx.n, total = Math.pow(n, n);
      box.appendChild(el('h2', '', 'The odometer'));
      var dial = el('div', 'odometer');
      var cand = s.cand || [];
      for (var i = 0; i < n; i++) {
        var digit = el('span', 'digit' + (i === n - 1 ? ' fast' : ''), cand.length ? String(cand[i]) : '\u00B7');
        digit.title = 'C' + (i + 1);
        dial.appendChild(digit);
      }
      dial.setAttribute('data-candidate', cand.join(','));
      box.appendChild(dial);
      para(box, 'C1 \u2026 C' + n + ': col(C1), \u2026, col(C' + n + ') each take a column 1..' + n + '; ' +
        'Prolog backtracks into the last goal first, so C' + n + ' turns fastest, like an odometer\'s last wheel. ' +
        'Candidate ' + s.steps + ' of ' + total + ' (' + n + '^' + n + '); ' + s.kept + ' passed the three dif tests.');
    },
    check: function (box, ctx) {
      var dial = box.querySelector('.odometer'), want = (ctx.state.cand || []).join(',');
      return dial && dial.getAttribute('data-candidate') === want ? [] : ['the odometer does not show (' + want + ')'];
    }
  });

  /* --- mrv: the rows' remaining columns ------------------------------- */

  register({
    id: 'room',
    applies: ids(['mrv']),
    render: function (box, ctx) {
      box.textContent = '';
      var n = ctx.n, queens = ctx.state.queens, col = byRow(queens);
      var hit = M.attacks(n, queens, false);
      box.appendChild(el('h2', '', 'Room to move'));
      var rows = [], least = Infinity;
      for (var r = 1; r <= n; r++) {
        if (col[r]) continue;
        var left = [];
        for (var c = n; c >= 1; c--) if (hit[r][c] === 0) left.push(c);
        rows.push({ r: r, left: left });
        least = Math.min(least, left.length);
      }
      if (!rows.length) { para(box, 'Every row holds a queen: the table is empty, a solution.'); return; }
      var list = el('ul', 'room');
      rows.forEach(function (x) {
        var li = el('li', x.left.length === least ? 'least' : '',
          'row ' + x.r + ': ' + (x.left.length ? '[' + x.left.join(',') + ']' : '[] (no room)'));
        li.setAttribute('data-row', String(x.r));
        li.setAttribute('data-room', String(x.left.length));
        list.appendChild(li);
      });
      box.appendChild(list);
      para(box, least === 0
        ? 'A row has no column left: this branch fails.'
        : 'Highlighted: the ' + (rows.filter(function (x) { return x.left.length === least; }).length === 1 ? 'row' : 'rows') +
          ' with the least room (' + plural(least, 'column', 'columns') +
          '). O\'Keefe\'s table lists columns from ' + n + ' down, so the search tries them right to left.');
    },
    check: function (box, ctx) {
      var n = ctx.n, hit = M.attacks(n, ctx.state.queens, false), out = [];
      box.querySelectorAll('li[data-row]').forEach(function (li) {
        var r = +li.getAttribute('data-row'), k = 0;
        for (var c = 1; c <= n; c++) if (hit[r][c] === 0) k++;
        if (+li.getAttribute('data-room') !== k) out.push('row ' + r + ' shows room ' + li.getAttribute('data-room') + ', has ' + k);
      });
      return out;
    }
  });

  return { register: register, applicable: applicable, about: about, el: el, plural: plural };
})();
