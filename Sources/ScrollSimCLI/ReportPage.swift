/// The HTML page of `scrollsim report`: one file, inline CSS and JavaScript, the run embedded
/// as JSON in a `<script type="application/json">` element. No network: no external script,
/// style sheet, font or image.
///
/// The page's script exposes a small test hook, `window.scrollsimReport` (`frameCount`,
/// `seek(frame)`, `state()`), and with the URL fragment `#test` writes a self-check into
/// `<pre id="test-results">` (what `Tests/ReportBrowserTests` reads from Chromium's
/// `--dump-dom`). `#frame=N` or `#t=SECONDS` opens the page at a frame.
enum ReportPage {
  /// The page for `data`.
  static func html(_ data: ReportData) -> String {
    // "<" only occurs inside JSON strings, where \u003c means the same: the embedded JSON can
    // then never close its script element or open a comment.
    let json = data.json.replacingOccurrences(of: "<", with: "\\u003c")
    let title = escape(data.title)
    return head.replacingOccurrences(of: "{{TITLE}}", with: title) + style + "</head>\n<body>\n"
      + body.replacingOccurrences(of: "{{TITLE}}", with: title)
      + "<script type=\"application/json\" id=\"report-data\">" + json + "</script>\n"
      + "<script>\n" + script + "</script>\n</body>\n</html>\n"
  }

  /// `text` with the HTML special characters escaped.
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  private static let head = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="generator" content="scrollsim report">
    <title>{{TITLE}}</title>
    <script>
    // First of all: count every error the page raises, for the self-check (#test).
    window.reportErrors = [];
    window.addEventListener('error', function (e) { window.reportErrors.push(String(e.message)); });
    window.addEventListener('unhandledrejection', function (e) {
      window.reportErrors.push('unhandled rejection: ' + String(e.reason));
    });
    (function () {
      var original = console.error;
      console.error = function () {
        window.reportErrors.push(Array.prototype.join.call(arguments, ' '));
        return original.apply(console, arguments);
      };
    })();
    </script>

    """#

  private static let style = #"""
    <style>
    :root { --ink: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --panel: #ffffff;
      --back: #f5f5f7; --accent: #0a66d8; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
      color: var(--ink); background: var(--back); }
    header { padding: 12px 20px 8px; }
    h1 { font-size: 18px; margin: 0 0 2px; font-weight: 600; }
    .sub { color: var(--muted); }
    .notes { margin: 6px 0 0; padding: 0; list-style: none; color: #8a4b00; }
    .layout { display: flex; gap: 16px; padding: 0 20px 20px; align-items: flex-start; }
    .pane { background: var(--panel); border: 1px solid var(--line); border-radius: 10px;
      padding: 12px; }
    #preview-pane { flex: 0 0 auto; width: 360px; }
    #preview { display: block; margin: 0 auto; width: 300px; height: 620px;
      border-radius: 28px; background: #000; }
    .controls { display: flex; gap: 8px; align-items: center; margin-top: 10px; }
    .controls label { white-space: nowrap; }
    .controls button, .toolbar button { font: inherit; padding: 3px 10px; border-radius: 6px;
      border: 1px solid var(--line); background: #fff; cursor: pointer; min-width: 44px; }
    .controls button:hover, .toolbar button:hover { border-color: var(--accent); }
    #scrubber { width: 100%; margin: 8px 0 2px; }
    #readout { font-variant-numeric: tabular-nums; color: var(--ink); margin: 2px 0 6px; }
    #values { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
    #values td { padding: 2px 4px; vertical-align: middle; }
    #values td.name { color: var(--muted); max-width: 160px; overflow: hidden;
      text-overflow: ellipsis; white-space: nowrap; }
    #values td.num { text-align: right; width: 64px; }
    .bar { position: relative; height: 8px; width: 80px; background: #e8e8ed;
      border-radius: 4px; overflow: hidden; }
    .bar i { position: absolute; left: 0; top: 0; bottom: 0; background: var(--accent); }
    .swatch { display: inline-block; width: 14px; height: 14px; border-radius: 3px;
      border: 1px solid var(--line); vertical-align: middle; }
    #charts-pane { flex: 1 1 auto; min-width: 0; }
    .toolbar { display: flex; gap: 10px; align-items: center; margin-bottom: 6px;
      color: var(--muted); flex-wrap: wrap; }
    #charts { display: block; width: 100%; cursor: crosshair; touch-action: none; }
    .legend { display: flex; flex-wrap: wrap; gap: 4px 14px; margin-top: 6px;
      color: var(--muted); }
    .legend span i { display: inline-block; width: 12px; height: 10px; margin-right: 4px;
      vertical-align: -1px; border-radius: 2px; }
    #test-results { display: none; }
    </style>

    """#

  private static let body = #"""
    <header>
    <h1 id="title">{{TITLE}}</h1>
    <div class="sub" id="subtitle"></div>
    <ul class="notes" id="notes"></ul>
    </header>
    <div class="layout">
    <section class="pane" id="preview-pane">
    <canvas id="preview" width="300" height="620" aria-label="phone preview"></canvas>
    <input type="range" id="scrubber" min="0" max="0" value="0" step="1"
      aria-label="frame">
    <div class="controls">
    <button id="play" type="button">Play</button>
    <label>speed <select id="speed">
    <option value="0.25">0.25×</option><option value="0.5">0.5×</option>
    <option value="1" selected>1×</option></select></label>
    <button id="step-back" type="button" title="previous frame">◀</button>
    <button id="step" type="button" title="next frame">▶</button>
    </div>
    <div id="readout"></div>
    <table id="values"></table>
    </section>
    <section class="pane" id="charts-pane">
    <div class="toolbar">
    <button id="reset-zoom" type="button">Reset zoom</button>
    <span id="zoom-readout"></span>
    <span>wheel: zoom time · drag: pan · click: move the playhead · double-click: reset</span>
    </div>
    <canvas id="charts" height="600" aria-label="charts"></canvas>
    <div class="legend" id="legend"></div>
    </section>
    </div>
    <pre id="test-results"></pre>

    """#
}
