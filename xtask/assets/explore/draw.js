/* Drawing one state: the board (queens, the seed's negative attack counts,
 * conflicts per queen), the counters, the sentence that says what happened,
 * the path from the root, and the board as text. */
var QueensDraw = (function () {
  'use strict';
  var M = QueensModel, OP = M.OP;
  var MINUS = '\u2212', QUEEN = '\u265B', EMPTY = '\u2205';
  var $ = function (id) { return document.getElementById(id); };
  var built = '', cells = [], rows = [], free = [];

  var STEP_NAMES = {
    place: 'Placements', candidate: 'Candidates tested', partial: 'Lists kept',
    move: 'Moves', swap: 'Swaps', pair: 'Pairs compared', board: 'Boards written'
  };
  /* A step in a sentence, singular and plural. */
  var STEP_WORDS = {
    place: ['placement', 'placements'], candidate: ['candidate tested', 'candidates tested'],
    partial: ['list kept', 'lists kept'], move: ['move', 'moves'], swap: ['swap', 'swaps'],
    pair: ['pair compared', 'pairs compared'], board: ['generation', 'generations']
  };
  /* Why a first-solution run goes on past its first solution. */
  var WHY_ON = {
    permutations: 'as in the seed, every board is tested before any is kept (a first-solution run tests all n! ' +
      'boards, then takes the first one kept)',
    'half-join': 'it compares every pair of an orbit before it lists that orbit\'s boards'
  };
  var COUNTERS = {
    tree: [['event', 'Event'], ['steps', ''], ['deadEnds', 'Dead ends'], ['solutions', 'Solutions']],
    candidates: [['event', 'Event'], ['steps', ''], ['solutions', 'Kept: no clash (solutions)']],
    levels: [['event', 'Event'], ['level', 'Level (list length)'], ['atLevel', 'Lists of this length so far'],
      ['steps', ''], ['solutions', 'Solutions']],
    local: [['event', 'Event'], ['steps', ''], ['restarts', 'Restarts'],
      ['attacked', 'Queens attacked'], ['pairs', 'h: attacking pairs']],
    pairs: [['event', 'Event'], ['steps', ''], ['solutions', 'Joined (solutions)']],
    board: [['event', 'Event'], ['solutions', 'Boards']]
  };
  var LEGENDS = {
    tree: '<span class="sw q">' + QUEEN + '</span> queen &nbsp; <span class="sw a1">' + MINUS +
      '1</span><span class="sw a2">' + MINUS + '2</span><span class="sw a3">' + MINUS +
      '3</span> attacked by that many queens in the rows above, as the seed\'s box trace writes it &nbsp; ' +
      '<span class="sw safe"></span> a safe square of the next row &nbsp; <b>free</b>: safe squares left in each empty row',
    mrv: '<span class="sw q">' + QUEEN + '</span> queen &nbsp; <span class="sw a1">' + MINUS +
      '1</span><span class="sw a2">' + MINUS + '2</span><span class="sw a3">' + MINUS +
      '3</span>\u2026 attacked by that many placed queens ' +
      '(this search fills rows out of order) &nbsp; <span class="sw safe"></span> a safe square &nbsp; ' +
      '<span class="sw chosen">r</span> the row it just chose: the one with the fewest <b>free</b> squares',
    candidates: '<span class="sw q">' + QUEEN + '</span> a queen attacked by no other &nbsp; ' +
      '<span class="sw q clash">' + QUEEN + '</span> a queen another one attacks: the candidate is rejected',
    levels: 'The partial list read as a board: its last element is row 1, its first (the newest) the lowest row. ' +
      '<span class="sw a1">' + MINUS + '1</span> attacked from the rows above &nbsp; <span class="sw safe"></span> safe squares for the next row',
    local: 'The number on a queen: how many other queens attack it. <span class="sw hot">2</span> attacked ' +
      '<span class="sw calm">0</span> safe &nbsp; <span class="sw new"></span> the queen that just moved, ' +
      '<span class="sw gone"></span> where it came from. On a large board the colour alone tells: red attacked, green safe.',
    pairs: 'Half boards are compared in pairs; there is no single board to draw.',
    halves: '<span class="sw q east">E</span> a queen of the east half board &nbsp; <span class="sw q west">W</span> ' +
      'a queen of the west half &nbsp; <span class="sw q mid">M</span> the middle column\'s queen (odd n) &nbsp; ' +
      'a pair that does not join: <span class="sw q clash-q">E</span> its queens on one diagonal, ' +
      '<span class="sw diag">\u2572</span> the squares of that diagonal between them',
    board: 'The board, written out whole.'
  };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* The csp lab's domains with arc consistency (lab.js) when the trace
   * maintains it, else null. */
  function arcDomains(t, qs) {
    if (t.info.algo !== 'csp' || !window.QueensLab || QueensLab.settings(t.info).propagate !== 'arc') return null;
    return QueensLab.domains(t.n, qs, true);
  }

  function tuple(list) { return '(' + list.join(', ') + ')'; }

  /* Sizes the board for the window and builds its table when n or the family changed. */
  function setup(t) {
    var n = t.n, wrap = $('board-wrap');
    var top = wrap.getBoundingClientRect().top + window.scrollY;
    var controls = document.querySelector('.controls');
    var below = (controls ? controls.offsetHeight : 100) + 24;   // the playback controls stay in view
    var high = Math.max(200, window.innerHeight - top - below);
    var wide = wrap.clientWidth || 720;
    var cell = Math.max(4, Math.min(80, Math.floor(Math.min(wide / (n + 2), high / (n + 1.5)))));
    var table = $('board');
    table.style.setProperty('--cell', cell + 'px');
    table.classList.toggle('tiny', cell < 24);
    var withFree = t.family === 'tree' || t.family === 'levels';
    var key = n + '/' + t.family + '/' + t.inOrder;
    $('legend').innerHTML = LEGENDS[t.family === 'tree' && !t.inOrder ? 'mrv' : t.family === 'pairs' && t.halves ? 'halves' : t.family] +
      (arcDomains(t, []) ? ' &nbsp; <span class="sw pruned">' + EMPTY + '</span> removed by arc consistency: ' +
        'no queen attacks it, but some other row would have no column left beside it' : '');
    $('about').textContent = t.info.node ? 'A node: ' + t.info.node + '.' : '';
    counters(t);
    if (built === key) return;
    built = key;
    table.textContent = '';
    table.hidden = t.family === 'pairs' && !t.halves;   // a pair without its halves (an older trace)
    var head = el('tr'), r, c;
    head.appendChild(el('th', 'corner'));
    for (c = 1; c <= n; c++) head.appendChild(el('th', 'colhead', String(c)));
    if (withFree) head.appendChild(el('th', 'free', 'free'));
    var thead = el('thead'); thead.appendChild(head); table.appendChild(thead);
    var body = el('tbody');
    cells = [null]; rows = [null]; free = [null];
    for (r = 1; r <= n; r++) {
      var tr = el('tr'), line = [null];
      tr.appendChild(el('th', 'rowhead', String(r)));
      for (c = 1; c <= n; c++) {
        var td = el('td', (r + c) % 2 ? 'dark' : 'light');
        line.push(td);
        tr.appendChild(td);
      }
      if (withFree) { var f = el('td', 'free'); tr.appendChild(f); free.push(f); }
      body.appendChild(tr);
      cells.push(line);
      rows.push(tr);
    }
    table.appendChild(body);
  }

  /* Whether a local trace has a move event that leaves its queen in place. */
  function stays(t) {
    if (t.hasStays !== undefined) return t.hasStays;
    t.hasStays = false;
    for (var k = 0; k < t.events && !t.hasStays; k++) {
      var at = t.offs[k];
      if (M.isMove(t.kinds[k]) && t.ops[at + 2] === t.ops[at + 3]) t.hasStays = true;
    }
    return t.hasStays;
  }

  function counters(t) {
    var dl = $('counters');
    dl.textContent = '';
    var list = (COUNTERS[t.family] || COUNTERS.tree).slice();
    if (t.family === 'tree' && t.weighted) list.push(['found', 'Boards found']);
    if (t.family === 'tree' && t.restarts) list.push(['restarts', 'Restarts']);
    // A local search whose steps include iterations that leave the queen where it was.
    if (t.family === 'local' && stays(t)) list.splice(2, 0, ['moved', 'Queens that moved (stays left out)']);
    var about = window.QueensPanels && QueensPanels.about(t.info.algo);
    list.forEach(function (pair) {
      // The step counter counts what `queens` counts, in its own unit.
      var label = pair[1] || (about && about.unit ? 'Steps: ' + about.unit : STEP_NAMES[t.info.step] || 'Steps');
      var box = el('div', 'counter');
      box.appendChild(el('dt', '', label));
      var dd = el('dd', '', '0');
      dd.id = 'count-' + pair[0];
      box.appendChild(dd);
      dl.appendChild(box);
    });
  }

  /* What the last event did, in words. */
  function narrate(t, s, safeRows) {
    if (s.pos === 0) return 'Start: nothing has happened yet. Press \u2192 (or Next) for the first event.';
    var k = s.pos - 1, at = t.offs[k], ops = t.ops, code = t.kinds[k], d = s.queens.length;
    // Moves, swaps and restarts say why (local.js).
    if (window.QueensLocal && QueensLocal.narrates(code)) {
      return QueensLocal.narrate(t, s) + (s.moved && s.moved.line !== undefined && s.moved.from === s.moved.to
        ? ' This iteration is a step, as queens counts them, though no queen moved.' : '');
    }
    switch (code) {
      case OP.PLACE:
        return 'Queen placed on row ' + ops[at + 1] + ', column ' + ops[at + 2] + ' (' + d +
          (d === 1 ? ' queen' : ' queens') + ' on the board).' +
          (t.inOrder ? '' : ' ' + whyRow(t, s, ops[at + 1]));
      case OP.REMOVE:
        return 'Queen removed from row ' + ops[at + 1] + ', column ' + ops[at + 2] +
          ': back up to ' + d + (d === 1 ? ' queen.' : ' queens.');
      case OP.DEAD_END:
        return 'Dead end with ' + count(ops[at + 1], 'queen', 'queens') + ': ' + (safeRows.length
          ? (safeRows.length === 1 ? 'row ' + safeRows[0] + ' has' : 'rows ' + series(safeRows) + ' have') +
            ' no safe square.'
          : 'no child to try.');
      case OP.SOLUTION:
        return 'Solution ' + ops[at + 1] + ': ' + tuple(s.queens.slice().sort(function (a, b) {
          return a[0] - b[0];
        }).map(function (q) { return q[1]; })) + '.' + (ops[at + 2] === 2
          ? ' It counts twice: itself and its mirror image.'
          : ops[at + 2] > 2 ? ' It stands for ' + ops[at + 2] +
            ' boards: itself and the distinct boards its rotations and reflections make.' : '');
      case OP.CANDIDATE: case OP.RUN_ODOMETER: case OP.RUN_PERMS:
        return 'Candidate ' + tuple(s.cand) + (s.ok ? ' kept: no two queens attack each other.'
          : ' rejected: ' + clashText(s) + '.');
      case OP.LEVEL:
        return 'Level ' + ops[at + 1] + ': every safe list of ' + ops[at + 1] +
          ' queens, built from the lists of level ' + (ops[at + 1] - 1) + '.';
      case OP.PARTIAL:
        return 'List [' + s.partial.join(', ') + '] kept: safe held, so it is list number ' + s.atLevel +
          ' of length ' + s.level + (s.level === t.n ? ', a solution.' : '.');
      case OP.INIT:
        var startPairs = M.conflicts(M.queensOf(t, s)).pairs;
        return 'A starting board: ' + (startPairs === 1 ? '1 pair of queens attacks each other.'
          : startPairs + ' pairs of queens attack each other.');
      case OP.PAIR: case OP.PAIR_HALVES:
        return 'Two half boards of task ' + ops[at + 3] + ' compared: ' + (ops[at + 1]
          ? 'they join' + (ops[at + 2] > 1 ? ', a solution standing for ' + ops[at + 2] + ' boards.' : ' into a solution.')
          : 'they clash' + (code === OP.PAIR_HALVES ? clashWords(t.n, s) : '') + '.');
      case OP.BOARD:
        return 'The board ' + tuple(s.cand) + ', written out whole.';
      default:
        return '';
    }
  }

  /* Free squares of each row not in `placed` (row → count): squares no
   * placed queen attacks, less those arc consistency removed (csp, arc). */
  function roomOf(t, placed) {
    var n = t.n, hit = M.attacks(n, placed, false), arc = arcDomains(t, placed), used = {}, room = {};
    placed.forEach(function (q) { used[q[0]] = true; });
    for (var r = 1; r <= n; r++) {
      if (used[r]) continue;
      room[r] = 0;
      for (var c = 1; c <= n; c++) if (hit[r][c] === 0 && !(arc && arc[r] && arc[r][c] !== 'ok')) room[r]++;
    }
    return room;
  }

  /* O'Keefe's table of rows before the choice of the queen after `path`
   * (placements in order): it starts as rows n..1; at each level the scan
   * keeps the first strictly shortest row and puts the old best where the
   * new one was (lr2m, crates/mrv), the rest is the next level's table.
   * Null when the path does not follow that rule. */
  function okeefeTable(t, path) {
    var table = [], r, d;
    for (r = t.n; r >= 1; r--) table.push(r);
    for (d = 0; d <= path.length; d++) {
      var room = roomOf(t, path.slice(0, d)), list = table.slice(), best = list[0];
      if (d === path.length) return table;
      for (var i = 1; i < list.length; i++) {
        if (room[list[i]] < room[best]) { var x = list[i]; list[i] = best; best = x; }
      }
      if (best !== path[d][0]) return null;
      table = list.slice(1);
    }
    return table;
  }

  /* Why a search that fills rows out of order chose `row` for the queen
   * just placed: the fewest free squares, and on a tie the rule that broke it. */
  function whyRow(t, s, row) {
    var before = s.queens.slice(0, -1), room = roomOf(t, before), least = Infinity, tied = [];
    Object.keys(room).forEach(function (r) { least = Math.min(least, room[r]); });
    Object.keys(room).forEach(function (r) { if (room[r] === least) tied.push(+r); });
    tied.sort(function (a, b) { return a - b; });
    var k = count(least, 'free square', 'free squares');
    if (room[row] !== least) return 'The search chose row ' + row + ' (' + count(room[row], 'free square', 'free squares') + ').';
    if (tied.length === 1) return 'The search chose row ' + row + ': it alone had the fewest free squares (' + least + ').';
    var head = 'The search chose row ' + row + ': ' + (tied.length === t.n - before.length ? 'all ' + tied.length + ' empty rows'
      : 'rows ' + series(tied)) + ' tie with ' + k + ' each, ';
    var algo = t.info.algo;
    if (algo === 'mrv') {
      var table = okeefeTable(t, before);
      if (table) {
        return head + 'and O\'Keefe\'s program takes the first of them in its table of rows. The table starts as rows ' +
          t.n + ', ' + (t.n - 1) + ', \u2026, 1, so the first tie goes to the bottom row; each choice reshuffles it ' +
          '(the old best takes the new best\'s place), and it now reads ' + table.join(', ') + '.';
      }
    }
    if (algo === 'mrv-tuned') return head + 'and this tuned search breaks ties at random (from its seed).';
    if (algo === 'csp') {
      var order = QueensLab.settings(t.info).order;
      if (order === 'mrv') return head + 'and the lab breaks ties by the lowest row number.';
      if (order === 'mrv-random') return head + 'and --order mrv-random breaks ties at random (from its seed).';
    }
    return head + 'and its tie-break took row ' + row + '.';
  }

  function count(k, one, many) { return k + ' ' + (k === 1 ? one : many); }

  /* Where a pair of half boards clashes, in words: its first east and west
   * queens on one diagonal. */
  function clashWords(n, s) {
    var c = M.halfClashes(n, s);
    if (!c.length) return '';
    var e = c[0][0], w = c[0][1];
    return ': the east queen on row ' + e[0] + ', column ' + e[1] + ' and the west queen on row ' + w[0] +
      ', column ' + w[1] + ' share a diagonal' + (c.length > 1 ? ' (' + (c.length - 1) + ' more such ' +
      (c.length === 2 ? 'pair' : 'pairs') + ')' : '');
  }

  /* A pair of half boards on the board: each queen's half (row,col →
   * 'east' | 'west' | 'middle'), the clashing queens and the squares of the
   * diagonals between them (row,col → the diagonal's line character). */
  function halfMarks(t, s) {
    var side = {}, clash = {}, diag = {};
    if (t.family !== 'pairs' || !s.east) return { side: side, clash: clash, diag: diag };
    M.halfQueens(t.n, s).forEach(function (q) { side[q[0] + ',' + q[1]] = q[2]; });
    M.halfClashes(t.n, s).forEach(function (p) {
      var a = p[0], b = p[1], dr = b[0] > a[0] ? 1 : -1, dc = b[1] > a[1] ? 1 : -1;
      clash[a[0] + ',' + a[1]] = clash[b[0] + ',' + b[1]] = true;
      // The diagonal's direction as drawn: \u2572 down to the right, \u2571 down to the left.
      for (var r = a[0] + dr, c = a[1] + dc; r !== b[0]; r += dr, c += dc) diag[r + ',' + c] = dr === dc ? '\u2572' : '\u2571';
    });
    return { side: side, clash: clash, diag: diag };
  }

  /* 6, 7 and 9: a list in words. */
  function series(list) {
    return list.length < 2 ? list.join('') : list.slice(0, -1).join(', ') + ' and ' + list[list.length - 1];
  }

  /* What the whole trace did, shown at its last event. */
  function finish(t, s) {
    var p = t.info, sols = p.solutions, word = STEP_WORDS[p.step] || ['step', 'steps'];
    var steps = count(p.steps, word[0], word[1]);
    var board = M.queensOf(t, s).slice().sort(function (a, b) { return a[0] - b[0]; })
      .map(function (q) { return q[1]; });
    if (t.family === 'local' || t.family === 'board') {
      return sols > 0
        ? 'The search has finished: it found a solution, ' + tuple(board) + ', after ' + steps +
          (s.restarts ? ' and ' + count(s.restarts, 'restart', 'restarts') : '') + '.'
        : 'The search has finished without a solution: it gave up after ' + steps + '; the last board still has ' +
          count(M.conflicts(M.queensOf(t, s)).pairs, 'attacking pair', 'attacking pairs') + '.';
    }
    if (p.mode === 'first') {
      var first = sols > 0 ? M.firstSolution(t) : null;
      if (!first) return 'The search has finished: there is no solution for n = ' + t.n + ' (' + steps + ').';
      if (!first.wentOn) {
        return 'The search has finished: it stopped at its first solution' +
          (first.cols ? ', ' + tuple(first.cols) : '') + ', after ' + steps + '.';
      }
      // The run went past its first solution: name that one, not the last board.
      var kept = M.solutionsOf(t, s);
      return 'The search has finished: its first solution' + (first.cols ? ' is ' + tuple(first.cols) + ',' : ' came') +
        ' at event ' + first.pos + ', after ' + count(first.state.steps, word[0], word[1]) + '. It did not stop there: ' +
        (WHY_ON[p.algo] || 'its run goes on past the first solution') + '; it ended after ' + steps +
        (kept > 1 ? ' (' + kept + ' solutions among them)' : '') + ' and answers with that first one.';
    }
    return 'The search has finished: it went through every possibility and found ' +
      (sols === 0 ? 'no solution' : sols === 1 ? 'the one solution' : 'all ' + sols + ' solutions') +
      ' for n = ' + t.n + ', in ' + steps + '.' +
      (t.weighted && s.found !== sols ? ' It wrote ' + count(s.found, 'board', 'boards') +
        ', each standing for its symmetric images.' : '');
  }

  function clashText(s) {
    var c = s.cand;
    for (var i = 0; i < c.length; i++) {
      for (var j = i + 1; j < c.length; j++) {
        if (c[i] === c[j]) return 'rows ' + (i + 1) + ' and ' + (j + 1) + ' share column ' + c[i];
        if (Math.abs(c[i] - c[j]) === j - i) return 'rows ' + (i + 1) + ' and ' + (j + 1) + ' share a diagonal';
      }
    }
    return 'two queens attack each other';
  }

  /* The branch of the search tree: for each depth, the squares of that row
   * tried so far under the current node (a small box trace). */
  function branch(t, s) {
    var box = el('div', 'branch'), n = t.n;
    box.setAttribute('aria-hidden', 'true');
    for (var depth = 0; depth < s.tree.length && depth < n; depth++) {
      var tried = s.tree[depth], row = t.inOrder ? depth + 1 : (tried.length ? tried[0].r : 0);
      if (!row) continue;
      var above = s.queens.slice(0, depth), hit = M.attacks(n, above, t.inOrder);
      var line = el('div', 'strip');
      line.appendChild(el('span', 'strip-label', 'row ' + row));
      for (var c = 1; c <= n; c++) {
        var rec = null;
        tried.forEach(function (x) { if (x.r === row && x.c === c) rec = x; });
        var cls = 'b open', text = '';
        if (rec && rec.cur) { cls = 'b cur'; text = QUEEN; }
        else if (rec && rec.sol) { cls = 'b sol'; text = String(rec.sol); }
        else if (rec && rec.dead) { cls = 'b dead'; text = '\u2717'; }
        else if (rec) { cls = 'b done'; text = '\u00B7'; }
        else if (hit[row][c] > 0) cls = 'b att';
        line.appendChild(el('span', cls, text));
      }
      box.appendChild(line);
    }
    return box;
  }

  function pathPanel(t, s, qs, conf) {
    var box = $('path'), title = 'Path from the root';
    box.textContent = '';
    if (t.family === 'tree') {
      box.appendChild(el('p', 'path-line', s.queens.length
        ? s.queens.map(function (q) { return '(' + q[0] + ', ' + q[1] + ')'; }).join(' \u2192 ')
        : 'the root: no queen yet'));
      box.appendChild(el('p', 'note', 'Each pair is (row, column). Below, each row of the branch: ' +
        QUEEN + ' the current square, a number: solutions found under that square, \u2717 dead end, ' +
        '\u00B7 tried and done, white: not tried yet, grey: attacked.'));
      box.appendChild(branch(t, s));
    } else if (t.family === 'candidates' || t.family === 'board') {
      title = 'Candidate';
      box.appendChild(el('p', 'big', s.cand ? tuple(s.cand) : '\u2014'));
      if (s.cand) box.appendChild(el('p', s.ok ? 'verdict kept' : 'verdict rejected', s.ok ? '\u2713 kept' : '\u2717 rejected: ' + clashText(s)));
    } else if (t.family === 'levels') {
      title = 'Partial list';
      box.appendChild(el('p', 'big', s.partial ? '[' + s.partial.join(', ') + ']' : '[]'));
      box.appendChild(el('p', 'note', 'Newest row first, as the Haskell list holds it.'));
    } else if (t.family === 'local') {
      title = 'Recent moves';
      var list = el('ol', 'recent');
      s.recent.slice().reverse().forEach(function (m) {
        list.appendChild(el('li', '', m.swap ? 'rows ' + m.swap[0] + ' \u2194 ' + m.swap[1]
          : (t.byRow ? 'row ' : 'column ') + m.line + ': ' + m.from + ' \u2192 ' + m.to + ' (' + m.k + (m.k === 1 ? ' attacks' : ' attack') + ' it)'));
      });
      if (!s.recent.length) list.appendChild(el('li', 'note', 'none yet on this board'));
      box.appendChild(list);
    } else if (t.family === 'pairs') {
      title = 'Pair';
      box.appendChild(el('p', 'big', s.task ? 'task ' + s.task : '\u2014'));
      box.appendChild(el('p', 'note', 'A task is one set of east rows; its east and west half boards are compared pair by pair.'));
    }
    $('path-title').textContent = title;
  }

  /* Draws state s of trace t; returns what the DOM exposes for tests. */
  function draw(t, s) {
    var n = t.n, qs = M.queensOf(t, s), r, c, i;
    var fam = t.family, numbers = fam === 'tree' || fam === 'levels';
    var grid = M.attacks(n, qs, t.inOrder);
    var any = M.attacks(n, qs, false);
    var conf = M.conflicts(qs);
    var queenAt = {}, rowHasQueen = {};
    qs.forEach(function (q, k) { queenAt[q[0] + ',' + q[1]] = k; rowHasQueen[q[0]] = true; });
    var newest = s.code === OP.PLACE ? qs[qs.length - 1] : null;
    var nextRow = t.inOrder ? qs.length + 1 : 0;
    // The csp lab maintaining arc consistency: a square it removed is not free (the Domains panel's rows).
    var arc = arcDomains(t, qs);
    var text = [], noSafe = [], halves = halfMarks(t, s);
    for (r = 1; r <= n; r++) {
      var freeCount = 0, line = [];
      for (c = 1; c <= n; c++) if (!rowHasQueen[r] && any[r][c] === 0 && !(arc && arc[r] && arc[r][c] === 'ac')) freeCount++;
      if (!rowHasQueen[r] && freeCount === 0 && numbers) noSafe.push(r);
      var tr = rows[r];
      tr.className = (newest && !t.inOrder && newest[0] === r ? 'chosen ' : '') +
        (s.code === OP.DEAD_END && !rowHasQueen[r] && freeCount === 0 ? 'nosafe' : '');
      if (free[r]) free[r].textContent = numbers && !rowHasQueen[r] ? String(freeCount) : '';
      for (c = 1; c <= n; c++) {
        var td = cells[r][c], cls = (r + c) % 2 ? 'dark' : 'light', label = '', k = queenAt[r + ',' + c];
        td.removeAttribute('data-k');
        if (k !== undefined) {
          cls += ' q'; label = QUEEN; line.push('Q');
          if (fam === 'local') { td.setAttribute('data-k', String(conf.each[k])); cls += conf.each[k] ? ' hot' : ' calm'; }
          else if (fam === 'pairs') {
            var half = halves.side[r + ',' + c];
            cls += ' ' + (half === 'middle' ? 'mid' : half) + (halves.clash[r + ',' + c] ? ' clash-q' : '');
            label = half === 'east' ? 'E' : half === 'west' ? 'W' : 'M';
            line.pop(); line.push(label + (halves.clash[r + ',' + c] ? '!' : ''));
          }
          else if (!numbers && conf.each[k]) cls += ' clash';
          if (newest && newest[0] === r && newest[1] === c) cls += ' new';
        } else if (numbers && grid[r][c] > 0) {
          cls += ' a' + Math.min(3, grid[r][c]); label = MINUS + grid[r][c]; line.push('-' + grid[r][c]);
        } else if (arc && arc[r] && arc[r][c] === 'ac') {
          cls += ' pruned'; label = EMPTY; line.push('x');
        } else if (halves.diag[r + ',' + c]) {
          cls += ' diag'; label = halves.diag[r + ',' + c]; line.push('x');
        } else {
          if (numbers && !rowHasQueen[r] && (t.inOrder ? r === nextRow : true)) cls += ' safe';
          line.push('.');
        }
        if (s.removed && s.removed[0] === r && s.removed[1] === c) cls += ' gone';
        if (s.moved && s.moved.line !== undefined) {
          var rc = t.byRow ? [s.moved.line, s.moved.to] : [s.moved.to, s.moved.line];
          var from = t.byRow ? [s.moved.line, s.moved.from] : [s.moved.from, s.moved.line];
          if (rc[0] === r && rc[1] === c) cls += ' new';
          if (from[0] === r && from[1] === c) cls += ' gone';
        }
        if (s.moved && s.moved.swap && k !== undefined && s.moved.swap.indexOf(t.byRow ? r : c) >= 0) cls += ' new';
        td.className = cls;
        td.textContent = label;
      }
      text.push(line.map(function (x) { return ('   ' + x).slice(-3); }).join(''));
    }
    var colsOf = [], rowsOf = [];
    for (i = 0; i <= n; i++) { colsOf.push(0); rowsOf.push(0); }
    qs.forEach(function (q) { if (!colsOf[q[0]]) colsOf[q[0]] = q[1]; if (!rowsOf[q[1]]) rowsOf[q[1]] = q[0]; });
    var solutions = M.solutionsOf(t, s);
    var attacked = conf.each.filter(function (x) { return x > 0; }).length;
    var values = {
      event: s.pos + ' of ' + t.events, steps: String(s.steps), deadEnds: String(s.deadEnds),
      solutions: String(solutions), found: String(s.found),
      level: String(s.level), atLevel: String(s.atLevel), restarts: String(s.restarts), moved: String(s.moves - s.stays),
      attacked: String(attacked), pairs: String(conf.pairs)
    };
    Object.keys(values).forEach(function (key) {
      var dd = $('count-' + key);
      if (!dd) return;
      dd.textContent = values[key];
      dd.className = values[key].length > 11 ? 'long' : '';
    });
    $('narration').textContent = narrate(t, s, noSafe);
    $('board-view').setAttribute('aria-label', 'Board ' + n + ' by ' + n + ', ' + qs.length +
      (qs.length === 1 ? ' queen' : ' queens') + (qs.length && n <= 16 ? ' at ' + qs.map(function (q) {
        return 'row ' + q[0] + ' column ' + q[1];
      }).join(', ') : ''));
    pathPanel(t, s, qs, conf);
    return {
      solutions: solutions, text: fam === 'pairs' && !t.halves ? '(no board)' : text.join('\n'),
      cols: colsOf.slice(1).join(','), rows: rowsOf.slice(1).join(','),
      conflicts: String(conf.pairs)
    };
  }

  return { setup: setup, draw: draw, finish: finish };
})();
