/// The HTML report's style sheet: system fonts only, colours as custom properties that a dark scheme
/// (`prefers-color-scheme`) redefines, state colours shared by the static and scripted timelines, and a print
/// layout (`@media print`) without controls.
///
/// Severity colours come from a colour-blind-safe set (Okabe and Ito's amber and blue, a dark red): error and
/// warning differ in lightness, which every kind of colour blindness keeps, and their marks differ in shape too.
enum HTMLStyle {
    static let css = """
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1d2329;--muted:#5f6770;--line:#d0d4da;--panel:#f3f5f7;--band:#eef0f3;--hl:#fff6d6;--sel:#dcebff;
--error:#a50f15;--warning:#e69f00;--info:#0072b2;--on-warning:#1d2329;--link:#6b5fd3;--tip-bg:#1d2329;--tip-fg:#ffffff;
--s-created:#e3e6ea;--s-loaded:#a9cbe8;--s-appearing:#9fdc9f;--s-appeared:#2e9d4f;--s-disappearing:#f3d27a;--s-disappeared:#9aa3ad;--s-deallocated:#2b2f36}
@media (prefers-color-scheme:dark){:root{--bg:#15181c;--fg:#e6e9ed;--muted:#9aa4ae;--line:#3a4149;--panel:#22272d;--band:#1e2329;--hl:#4a3f12;--sel:#1d3557;
--error:#e5484d;--warning:#ffd24d;--info:#56b4e9;--on-warning:#15181c;--link:#a99ff0;--tip-bg:#e6e9ed;--tip-fg:#15181c;
--s-created:#3a4149;--s-loaded:#3d6a8f;--s-appearing:#4f8f4f;--s-appeared:#2e9d4f;--s-disappearing:#a08a3c;--s-disappeared:#5c6670;--s-deallocated:#c5ccd3}
a{color:var(--info)}}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header,main{padding:0 24px}
h1{font-size:22px;margin:18px 0 8px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid var(--line)}
h3{font-size:15px;margin:18px 0 4px;word-break:break-all}
code,pre,.raw{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
table{border-collapse:collapse;margin:8px 0}th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{background:var(--panel);font-weight:600}
dl.totals{display:flex;flex-wrap:wrap;gap:6px 24px;margin:8px 0}dl.totals div{display:flex;gap:6px}dl.totals dt{color:var(--muted)}dl.totals dd{margin:0;font-weight:600}
.badge{display:inline-block;padding:0 6px;border-radius:8px;font-size:12px;font-weight:600}
.badge.sev-error{background:var(--error);color:var(--bg)}.badge.sev-warning{background:var(--warning);color:var(--on-warning)}.badge.sev-info{background:var(--info);color:var(--bg)}
.meta,.note{color:var(--muted);margin:2px 0 6px}.failure{color:var(--error)}
#controls{position:sticky;top:0;z-index:2;background:var(--bg);display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;padding:8px 0;border-bottom:1px solid var(--line)}
#controls[hidden]{display:none}section,tr,dt{scroll-margin-top:76px}#controls .note{margin:0}#finding-at{display:inline-block;min-width:9em;text-align:center}
ul.legend{list-style:none;display:flex;flex-wrap:wrap;gap:4px 14px;padding:0;margin:8px 0}ul.legend svg{vertical-align:middle}
.chart{border:1px solid var(--line);overflow:auto;max-width:100%}
.chart>svg.static{display:block;max-width:100%;height:auto}
.chart>svg.view{position:sticky;top:0;left:0;display:block;width:100%}
.chart>div{pointer-events:none}
svg.overview{display:block;width:100%;height:40px;border:1px solid var(--line);border-bottom:0;cursor:crosshair;user-select:none}
svg.overview rect.density{fill:var(--s-loaded)}svg.overview rect.brush{fill:var(--info);fill-opacity:.15;stroke:var(--info)}
.print{display:none}
.s-created{fill:var(--s-created)}.s-loaded{fill:var(--s-loaded)}.s-appearing{fill:var(--s-appearing)}.s-appeared{fill:var(--s-appeared)}
.s-disappearing{fill:var(--s-disappearing)}.s-disappeared{fill:var(--s-disappeared)}.s-deallocated{fill:var(--s-deallocated)}
line.event{stroke:var(--fg);stroke-opacity:.55;stroke-width:1}
path.link{fill:none;stroke:var(--link);stroke-width:1.2}
.sev-error{fill:var(--error)}.sev-warning{fill:var(--warning)}.sev-info{fill:var(--info)}
a.mark path{stroke:var(--bg);stroke-width:1.2}a.mark:focus{outline:none}a.mark:focus path,a.mark:hover path,a.mark.selected path{stroke:var(--fg);stroke-width:2.4}
rect.labels,rect.axis{fill:var(--bg)}rect.process{fill:var(--band)}
text{font-size:12px;fill:var(--fg)}text.process{font-weight:600}text.tick,text.axis-title{fill:var(--muted);font-size:11px}
a.toggle{cursor:pointer}a.toggle:focus-visible text{text-decoration:underline}
line.tick{stroke:var(--muted)}g.highlight text,g.highlight rect{stroke:var(--fg);stroke-width:.6}
.findings-list{max-height:50vh;overflow:auto;border-bottom:1px solid var(--line)}
table.findings{table-layout:fixed;width:100%;margin:0}table.findings td{overflow-wrap:anywhere}table.findings thead th{position:sticky;top:0;z-index:1}
table.findings th:nth-child(1){width:92px}table.findings th:nth-child(2){width:170px}table.findings th:nth-child(3){width:22%}
table.findings th:nth-child(5){width:18%}.raw{display:block;white-space:pre-wrap;word-break:break-all;color:var(--muted);margin-top:2px}
table.findings tr:target{background:var(--hl)}table.findings tr.selected{background:var(--sel)}th button{all:unset;cursor:pointer}th button:focus-visible{outline:2px solid var(--info)}
th[aria-sort=ascending] button::after{content:" ▲"}th[aria-sort=descending] button::after{content:" ▼"}
dl.rules dt{margin-top:14px;font-weight:600}dl.rules dt:target{background:var(--hl)}dl.rules dd{margin:4px 0 0 16px;max-width:860px}
#tip{position:absolute;z-index:3;max-width:min(440px,calc(100vw - 16px));background:var(--tip-bg);color:var(--tip-fg);padding:8px 10px;border-radius:6px;font-size:12px;box-shadow:0 2px 8px rgba(0,0,0,.3)}
#tip a{color:inherit}
.pager{display:flex;gap:12px;align-items:center;margin:6px 0}.pager[hidden]{display:none}
#tip p{margin:4px 0 0}#tip[hidden]{display:none}
@media print{:root{color-scheme:light;--bg:#ffffff;--fg:#000;--muted:#444;--band:#eef0f3}
#controls,.pager,#tip,svg.overview,[data-ready] .chart{display:none!important}.chart{overflow:visible;border:0}
header,main{padding:0}.findings-list{max-height:none;overflow:visible;border:0}table.findings thead th{position:static}
tr{break-inside:avoid}h2,h3,.meta{break-after:avoid}
.print{display:block}.print svg{display:block;width:100%;height:auto;break-inside:avoid}}
"""
}
