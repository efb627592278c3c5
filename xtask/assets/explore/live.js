/* The explorer's engine: the WebAssembly module of crates/explorer-wasm
 * (embedded in the page gzip-compressed, in base64, in <script
 * type="application/wasm-base64" id="queens-wasm" data-encoding="gzip">),
 * which runs `queens --trace` in the page and packs trace
 * files as `cargo xtask render` packs the recorded ones. No network: the page
 * works from file://.
 *
 * QueensLive.run(args)        -> Promise of {trace, packed, ended}
 * QueensLive.pack(text, name) -> Promise of packed
 * QueensLive.approaches()     -> Promise of [{id, kind, live, count_max_n, ...}]
 * QueensLive.cancel()         stops the run under way (its promise rejects)
 * QueensLive.engine(bytes)    the same calls, synchronous, on this thread,
 *                             over the module's bytes (node's tests)
 * QueensLive.gunzip(bytes)    -> Promise of the bytes decompressed
 *
 * args: {algo, n, mode?: 'count'|'first'|'list', seed?, max_steps?,
 * knobs?: {name: value}, max_events?} (crates/explorer-wasm's Args). trace:
 * the JSON Lines `queens --trace FILE` writes for the same arguments.
 * packed: the object the page embeds per recorded trace (QueensModel
 * decodes it). ended: null, or the one line saying why the run ended without
 * its answer (a local search that gave up; its trace is whole, the end line
 * saying how it ended). A refusal (bad arguments, a size beyond the trace
 * limits, a trace over max_events, a file that is not a whole trace)
 * rejects with an Error whose message is one line.
 *
 * The calls run in a worker made from a Blob URL, so the page stays
 * responsive; where no worker can be made, on the page's thread. */
var QueensLive = (function () {
  'use strict';

  /* The calls over an instance's exports, synchronous. Its source is also
   * the worker's: it uses nothing outside itself. */
  function Engine(exports) {
    var enc = new TextEncoder(), dec = new TextDecoder();
    function put(text) {
      var bytes = enc.encode(text), ptr = exports.alloc(bytes.length);
      new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
      return [ptr, bytes.length];
    }
    function get(which) {
      var ptr = exports[which + '_ptr'](), len = exports[which + '_len']();
      return dec.decode(new Uint8Array(exports.memory.buffer, ptr, len));
    }
    function refused() { var e = new Error(get('message')); e.refused = true; return e; }
    return {
      run: function (args) {
        var a = put(typeof args === 'string' ? args : JSON.stringify(args));
        var status = exports.run(a[0], a[1]);
        exports.dealloc(a[0], a[1]);
        if (status === 1) throw refused();
        var packed = get('packed');
        return {
          trace: get('trace'),
          packed: packed ? JSON.parse(packed) : null,
          ended: status === 2 ? get('message') : null
        };
      },
      pack: function (text, name) {
        var a = put(name || ''), b = put(text);
        var status = exports.pack(a[0], a[1], b[0], b[1]);
        exports.dealloc(a[0], a[1]);
        exports.dealloc(b[0], b[1]);
        if (status !== 0) throw refused();
        return JSON.parse(get('packed'));
      },
      approaches: function () {
        exports.approaches();
        return JSON.parse(get('packed'));
      }
    };
  }

  /* The worker's script: the engine, instantiated from the bytes it is
   * sent first, answering {id, op, args} with {id, ok, value | message}.
   * A trap (a bug: the module aborts on panic) answers with its message and
   * starts a fresh instance. */
  function workerMain() {
    var module = null, engine = null;
    function fresh() { engine = Engine(new WebAssembly.Instance(module, {}).exports); }
    self.onmessage = function (e) {
      var m = e.data;
      if (m.bytes) { module = new WebAssembly.Module(m.bytes); fresh(); return; }
      try {
        var value = engine[m.op].apply(null, m.args);
        self.postMessage({ id: m.id, ok: true, value: value });
      } catch (err) {
        var trap = !err.refused;
        self.postMessage({ id: m.id, ok: false, message: trap ? 'the engine failed: ' + err.message : err.message });
        if (trap) fresh();
      }
    };
  }

  /* Gzip-compressed bytes, decompressed (a promise). */
  function gunzip(bytes) {
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(stream).arrayBuffer().then(function (b) { return new Uint8Array(b); });
  }

  /* The module's bytes, from the page (a promise). */
  function pageBytes() {
    return new Promise(function (resolve) {
      var el = typeof document !== 'undefined' && document.getElementById('queens-wasm');
      if (!el) throw new Error('this page holds no engine (the WebAssembly module is missing)');
      var text = atob(el.textContent.replace(/\s+/g, ''));
      var bytes = new Uint8Array(text.length);
      for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      resolve(el.getAttribute('data-encoding') === 'gzip' ? gunzip(bytes) : bytes);
    });
  }

  /* A synchronous engine over the module's (uncompressed) bytes. */
  function engine(bytes) {
    return Engine(new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports);
  }

  var bytes = null, worker = null, local = null, pending = {}, next = 1;

  function startWorker(module) {
    var source = Engine.toString() + '\n(' + workerMain.toString() + ')();\n';
    var url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    var w = new Worker(url);
    URL.revokeObjectURL(url);
    w.onmessage = function (e) {
      var m = e.data, p = pending[m.id];
      if (!p) return;
      delete pending[m.id];
      if (m.ok) p.resolve(m.value); else p.reject(new Error(m.message));
    };
    w.onerror = function (e) {
      failAll('the engine failed: ' + (e.message || 'a worker error'));
      stop();
    };
    w.postMessage({ bytes: module });
    return w;
  }

  function failAll(message) {
    var all = pending;
    pending = {};
    Object.keys(all).forEach(function (id) { all[id].reject(new Error(message)); });
  }

  function stop() {
    if (worker) worker.terminate();
    worker = null;
  }

  /* One call, in the worker (started on first use), else on this thread. */
  function call(op, args) {
    if (!bytes) bytes = pageBytes();
    return bytes.then(function (module) {
      if (!worker && !local) {
        try { worker = startWorker(module); } catch (e) { worker = null; }
      }
      if (worker) {
        return new Promise(function (resolve, reject) {
          var id = next++;
          pending[id] = { resolve: resolve, reject: reject };
          worker.postMessage({ id: id, op: op, args: args });
        });
      }
      if (!local) local = engine(module);
      try {
        return local[op].apply(null, args);
      } catch (e) {
        if (!e.refused) local = null;
        throw e;
      }
    });
  }

  return {
    run: function (args) { return call('run', [args]); },
    pack: function (text, name) { return call('pack', [text, name || '']); },
    approaches: function () { return call('approaches', []); },
    /* Stops the run under way: its promise (and any other waiting) rejects. */
    cancel: function () { failAll('the run was stopped'); stop(); },
    engine: engine,
    gunzip: gunzip
  };
})();
if (typeof module !== 'undefined') module.exports = QueensLive;
