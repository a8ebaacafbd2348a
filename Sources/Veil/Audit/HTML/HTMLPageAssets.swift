import Crypto
import Foundation

/// The HTML report's one style sheet and one script, and the Content-Security-Policy that
/// allows exactly them: no other script or style, nothing fetched, images only from `data:`
/// URIs. Neither holds `<` or `&`, so the page stays well-formed XML.
enum HTMLPageAssets {
    /// `default-src 'none'`, the style and script allowed by their SHA-256, `img-src data:`.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src data:; style-src '\(hash(style))'; script-src '\(hash(script))'; "
        + "base-uri 'none'; form-action 'none'"

    /// `sha256-<base64>` of `text`'s UTF-8, as CSP writes a hash source.
    static func hash(_ text: String) -> String {
        "sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
    }

    /// Light by default, dark by `prefers-color-scheme`; system fonts only; printable.
    static let style = """

        :root{color-scheme:light dark;--bg:#ffffff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--panel:#f6f8fa;\
        --fail:#cf222e;--fail-bg:#ffebe9;--warn:#9a6700;--warn-bg:#fff8c5;--ok:#1a7f37;--ok-bg:#dafbe1;\
        --quiet:#6e7781;--quiet-bg:#eaeef2;--link:#0969da;--outline:#ff2bd6;--focus:#0969da}
        @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;\
        --panel:#151b23;--fail:#ff7b72;--fail-bg:#3c1618;--warn:#d29922;--warn-bg:#37290a;--ok:#3fb950;\
        --ok-bg:#0f2d1a;--quiet:#9198a1;--quiet-bg:#21262d;--link:#4493f8;--focus:#4493f8}}
        *{box-sizing:border-box}
        [hidden]{display:none !important}
        html{background:var(--bg);color:var(--fg)}
        body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Helvetica,Arial,sans-serif}
        .page{max-width:1180px;margin:0 auto;padding:24px 20px 48px}
        a{color:var(--link)}
        code,pre,kbd{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:13px}
        code{overflow-wrap:anywhere}
        kbd{border:1px solid var(--line);border-radius:4px;padding:0 4px;background:var(--panel)}
        h1{font-size:26px;margin:0 0 4px}
        h2{font-size:19px;margin:32px 0 10px;padding-bottom:6px;border-bottom:1px solid var(--line)}
        h3{font-size:16px;margin:0}
        .verdict{border-radius:8px;padding:14px 18px;margin:12px 0 16px;border:1px solid}
        .verdict p{margin:0}
        .verdict .headline{font-size:20px;font-weight:650}
        .verdict.failed,.verdict.error{background:var(--fail-bg);border-color:var(--fail);color:var(--fg)}
        .verdict.failed .headline,.verdict.error .headline{color:var(--fail)}
        .verdict.passed{background:var(--ok-bg);border-color:var(--ok)}
        .verdict.passed .headline{color:var(--ok)}
        .stats{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0;margin:0 0 12px}
        .stats li{border:1px solid var(--line);border-radius:6px;padding:6px 12px;background:var(--panel);min-width:110px}
        .stats b{display:block;font-size:20px;line-height:1.2}
        .stats .fail b{color:var(--fail)}
        .stats .warn b{color:var(--warn)}
        .meta,.muted{color:var(--muted)}
        .command{display:block;white-space:pre-wrap;background:var(--panel);border:1px solid var(--line);\
        border-radius:6px;padding:8px 12px;margin:4px 0 0}
        table{border-collapse:collapse;width:100%;margin:8px 0}
        th,td{text-align:left;padding:6px 10px;border-bottom:1px solid var(--line);vertical-align:top}
        th{font-weight:600;color:var(--muted)}
        td.n{text-align:right;font-variant-numeric:tabular-nums}
        .badge{display:inline-block;border-radius:999px;padding:1px 10px;font-size:12px;font-weight:600;\
        border:1px solid;white-space:nowrap}
        .badge.failing,.badge.error{color:var(--fail);border-color:var(--fail);background:var(--fail-bg)}
        .badge.warning{color:var(--warn);border-color:var(--warn);background:var(--warn-bg)}
        .badge.suppressed,.badge.allowed{color:var(--quiet);border-color:var(--quiet);background:var(--quiet-bg)}
        .badge.passed{color:var(--ok);border-color:var(--ok);background:var(--ok-bg)}
        .notes{margin:6px 0;padding-left:20px}
        .notes li{margin:2px 0}
        #controls{position:sticky;top:0;z-index:2;background:var(--bg);border-bottom:1px solid var(--line);\
        padding:8px 0;margin-top:24px;display:flex;flex-wrap:wrap;gap:6px 16px;align-items:center}
        #controls label{white-space:nowrap}
        #filter-text{font:inherit;padding:3px 8px;border:1px solid var(--line);border-radius:6px;\
        background:var(--bg);color:var(--fg);min-width:220px}
        section.input>h2 .kind{font-size:14px;font-weight:400;color:var(--muted);margin-left:8px}
        article.finding{border:1px solid var(--line);border-left:6px solid var(--quiet);border-radius:8px;\
        padding:14px 16px;margin:14px 0;background:var(--bg);scroll-margin-top:64px}
        article.finding[data-state=failing]{border-left-color:var(--fail)}
        article.finding[data-state=warning]{border-left-color:var(--warn)}
        article.finding:focus{outline:3px solid var(--focus);outline-offset:2px}
        article.finding>header{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 10px;margin-bottom:10px}
        article.finding>header .meta{font-size:13px}
        .body{display:flex;flex-wrap:wrap;gap:12px 24px;align-items:flex-start}
        figure{margin:0}
        figure.frame{flex:0 1 auto;max-width:100%}
        figure.frame svg{display:block;max-width:100%;height:auto;border-radius:4px;background:#000}
        figure.frame figcaption{font-size:13px;color:var(--muted);margin-top:4px;max-width:640px}
        .facts{flex:1 1 320px;min-width:0}
        dl{display:grid;grid-template-columns:max-content 1fr;gap:3px 14px;margin:0 0 8px}
        dt{color:var(--muted)}
        dd{margin:0;min-width:0}
        .message{margin:6px 0}
        .help{margin:6px 0;color:var(--muted);font-size:14px}
        pre{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:8px 10px;\
        overflow-x:auto;margin:6px 0;white-space:pre}
        pre .here{display:inline-block;min-width:100%;background:var(--warn-bg);font-weight:600}
        .outline{fill:none;stroke:var(--outline);stroke-width:2}
        .sprites{position:absolute;width:0;height:0;overflow:hidden}
        .sprites image,figure.frame svg{image-rendering:pixelated}
        figure.timeline{margin:4px 0 10px}
        figure.timeline svg{display:block;width:100%;height:30px}
        figure.timeline figcaption{display:flex;justify-content:space-between;font-size:12px;color:var(--muted)}
        .track{fill:var(--line)}
        .mark{fill:var(--quiet)}
        .mark.failing{fill:var(--fail)}
        .mark.warning{fill:var(--warn)}
        footer{margin-top:40px;font-size:13px;color:var(--muted)}
        @media print{
        html,body{background:#fff;color:#000}
        #controls,.keys{display:none !important}
        .page{max-width:none;padding:0}
        article.finding{break-inside:avoid;page-break-inside:avoid}
        a{color:inherit;text-decoration:none}
        }

        """

    /// Filtering and keyboard navigation on top of a page that reads fully without it: shows
    /// the hidden controls, hides the findings the filters leave out, `j`/`k` (or `n`/`p`)
    /// move between the findings shown, `/` focuses the filter, Escape clears it.
    static let script = """

        (function () {
          "use strict";
          var controls = document.getElementById("controls");
          if (!controls) { return; }
          var findings = Array.prototype.slice.call(document.querySelectorAll("article.finding"));
          var sections = Array.prototype.slice.call(document.querySelectorAll("section.input"));
          var boxes = Array.prototype.slice.call(controls.querySelectorAll("input[type=checkbox]"));
          var text = document.getElementById("filter-text");
          var count = document.getElementById("filter-count");
          function apply() {
            var states = {};
            boxes.forEach(function (box) { states[box.value] = box.checked; });
            var words = text.value.toLowerCase().split(/\\s+/).filter(Boolean);
            var shown = 0;
            findings.forEach(function (finding) {
              var haystack = finding.getAttribute("data-search") || "";
              var keep = states[finding.getAttribute("data-state")] !== false;
              words.forEach(function (word) { if (haystack.indexOf(word) === -1) { keep = false; } });
              finding.hidden = !keep;
              if (keep) { shown += 1; }
            });
            sections.forEach(function (section) {
              section.hidden = section.querySelector("article.finding:not([hidden])") === null;
            });
            count.textContent = "showing " + shown + " of " + findings.length;
          }
          function move(step) {
            var list = findings.filter(function (finding) { return !finding.hidden; });
            if (list.length === 0) { return; }
            var index = list.indexOf(document.activeElement);
            if (index === -1) { index = step > 0 ? -1 : list.length; }
            var next = Math.max(0, Math.min(list.length - 1, index + step));
            list[next].focus();
            list[next].scrollIntoView({ block: "start" });
          }
          boxes.forEach(function (box) { box.addEventListener("change", apply); });
          text.addEventListener("input", apply);
          document.addEventListener("keydown", function (event) {
            if (event.altKey || event.ctrlKey || event.metaKey) { return; }
            if (event.target === text) {
              if (event.key === "Escape") { text.value = ""; apply(); text.blur(); }
              return;
            }
            if (event.key === "j" || event.key === "n") { event.preventDefault(); move(1); }
            else if (event.key === "k" || event.key === "p") { event.preventDefault(); move(-1); }
            else if (event.key === "/") { event.preventDefault(); text.focus(); }
          });
          controls.hidden = false;
          apply();
        })();

        """
}
