/// The HTML report's style sheet: system fonts only, state colours shared by the static and scripted timelines.
enum HTMLStyle {
    static let css = """
:root{color-scheme:light;--error:#c62828;--warning:#e65100;--info:#1565c0;--line:#d0d4da;--muted:#5f6770}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2329;background:#fff}
header,main{padding:0 24px}
h1{font-size:22px;margin:18px 0 8px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid var(--line)}
h3{font-size:15px;margin:18px 0 4px;word-break:break-all}
code,pre,.raw{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
table{border-collapse:collapse;margin:8px 0}th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f3f5f7;font-weight:600}
dl.totals{display:flex;flex-wrap:wrap;gap:6px 24px;margin:8px 0}dl.totals div{display:flex;gap:6px}dl.totals dt{color:var(--muted)}dl.totals dd{margin:0;font-weight:600}
.badge{display:inline-block;padding:0 6px;border-radius:8px;color:#fff;font-size:12px;font-weight:600}
.badge.sev-error{background:var(--error)}.badge.sev-warning{background:var(--warning)}.badge.sev-info{background:var(--info)}
.meta,.note{color:var(--muted);margin:2px 0 6px}.failure{color:var(--error)}
#controls{position:sticky;top:0;z-index:2;background:#fff;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;padding:8px 0;border-bottom:1px solid var(--line)}
#controls[hidden]{display:none}
ul.legend{list-style:none;display:flex;flex-wrap:wrap;gap:4px 14px;padding:0;margin:8px 0}ul.legend svg{vertical-align:middle}
.chart{border:1px solid var(--line);overflow:auto;max-width:100%}
.chart>svg.static{display:block;max-width:100%;height:auto}
.chart>svg.view{position:sticky;top:0;left:0;display:block;width:100%}
.chart>div{pointer-events:none}
.s-created{fill:#e3e6ea}.s-loaded{fill:#a9cbe8}.s-appearing{fill:#9fdc9f}.s-appeared{fill:#2e9d4f}
.s-disappearing{fill:#f3d27a}.s-disappeared{fill:#9aa3ad}.s-deallocated{fill:#2b2f36}
line.event{stroke:#1d2329;stroke-opacity:.55;stroke-width:1}
path.link{fill:none;stroke:#6b5fd3;stroke-width:1.2}
.sev-error{fill:var(--error)}.sev-warning{fill:var(--warning)}.sev-info{fill:var(--info)}
a.mark path{stroke:#fff;stroke-width:1.2}a.mark:focus{outline:none}a.mark:focus path,a.mark:hover path{stroke:#000;stroke-width:2}
rect.labels,rect.axis{fill:#fff}rect.process{fill:#eef0f3}
text{font-size:12px;fill:#1d2329}text.process{font-weight:600}text.tick,text.axis-title{fill:var(--muted);font-size:11px}
line.tick{stroke:var(--muted)}g.highlight text,g.highlight rect{stroke:#000;stroke-width:.6}
#findings-section{content-visibility:auto;contain-intrinsic-size:auto 1200px}
table.findings{table-layout:fixed;width:100%}table.findings td{overflow-wrap:anywhere}
table.findings th:nth-child(1){width:92px}table.findings th:nth-child(2){width:170px}table.findings th:nth-child(3){width:22%}
table.findings th:nth-child(5){width:18%}.raw{display:block;white-space:pre-wrap;word-break:break-all;color:var(--muted);margin-top:2px}
table.findings tr:target{background:#fff6d6}th button{all:unset;cursor:pointer}th button:focus-visible{outline:2px solid var(--info)}
th[aria-sort=ascending] button::after{content:" ▲"}th[aria-sort=descending] button::after{content:" ▼"}
dl.rules dt{margin-top:14px;font-weight:600}dl.rules dt:target{background:#fff6d6}dl.rules dd{margin:4px 0 0 16px;max-width:860px}
#tip{position:absolute;z-index:3;max-width:440px;background:#1d2329;color:#fff;padding:8px 10px;border-radius:6px;font-size:12px;box-shadow:0 2px 8px rgba(0,0,0,.3)}
.pager{display:flex;gap:12px;align-items:center;margin:6px 0}.pager[hidden]{display:none}
#tip p{margin:4px 0 0}#tip[hidden]{display:none}
"""
}
