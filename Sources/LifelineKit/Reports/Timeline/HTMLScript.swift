/// The HTML report's only script. It replaces each static timeline with a virtual one (only the rows in view
/// are in the DOM, so 10,000 lanes scroll smoothly), adds zoom, filters, tooltips and table sorting. It reads
/// log-derived text only from the JSON data blocks and the table's text, and writes it only with `textContent`.
/// Charts are laid out together: all geometry is read, then all styles written (`layoutCharts`), so a report of
/// thousands of traces opens in time proportional to their number, not its square.
///
/// One closure in parts, each in its own file: this one (drawing), `HTMLScriptLanes` (rows, filters, class lanes),
/// `HTMLScriptFindings` (the findings list, stepping, URL state), `HTMLScriptOverview` (the strip over a long
/// trace) and `HTMLScriptPrint` (whole timelines on paper), then the start-up below.
enum HTMLScript {
    static let source = "(function () {\n\"use strict\";\n" + drawing + HTMLScriptLanes.source + HTMLScriptFindings.source
        + HTMLScriptOverview.source + HTMLScriptPrint.source + startup + "})();\n"

    private static let drawing = #"""
var NS = "http://www.w3.org/2000/svg", ROW = 20, AXIS = 26, LABEL = 300, PAD = 16, WIDEST = 1.6e7;
var STATES = ["created", "loaded", "appearing", "appeared", "disappearing", "disappeared", "deallocated"];
var SEVERITIES = ["info", "warning", "error"], SHAPES = \#(SeverityShape.scriptTable);
var tip = document.getElementById("tip");
var filter = { text: "", rule: "", only: false };
var charts = [], chartOf = {}, pendingRender = [];

function node(name, attributes, parent, text) {
  var element = document.createElementNS(NS, name);
  for (var key in attributes) element.setAttribute(key, attributes[key]);
  if (text !== undefined) element.textContent = text;
  if (parent) parent.appendChild(element);
  return element;
}

function label(tick, clock) {
  if (!clock) return "line " + tick;
  var a = Math.abs(tick), round = function (v) { return String(Math.round(v * 10) / 10); };
  if (a === 0) return "0 s";
  if (a < 1e3) return tick + " µs";
  if (a < 1e6) return round(tick / 1e3) + " ms";
  if (a < 6e7) return round(tick / 1e6) + " s";
  var s = Math.round(a / 1e6), parts = [[Math.floor(s / 86400), "d"], [Math.floor(s / 3600) % 24, "h"],
    [Math.floor(s / 60) % 60, "min"], [s % 60, "s"]];
  return (tick < 0 ? "-" : "") + parts.filter(function (p) { return p[0] > 0; })
    .map(function (p) { return p[0] + " " + p[1]; }).join(" ");
}

function decimalStep(raw) {
  var power = 1;
  while (power * 10 <= raw) power *= 10;
  return power >= raw ? power : power * 2 >= raw ? power * 2 : power * 5 >= raw ? power * 5 : power * 10;
}

// TimeAxis.step: past 10 s a clock's ticks fall on round minutes, hours and days.
function niceStep(raw, clock) {
  if (!clock || raw <= 1e7) return decimalStep(raw);
  var steps = [15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200];
  for (var i = 0; i < steps.length; i++) if (steps[i] * 1e6 >= raw) return steps[i] * 1e6;
  return decimalStep(Math.ceil(raw / 864e8)) * 864e8;
}

// A label character's width in this browser's font, measured once (fonts differ by a tenth between systems), with
// an eighth more for names heavier in capitals than the sample; a label wider still is clipped at its column.
var CHARACTER = (function () {
  var probe = node("svg", {}, document.body), text = node("text", { "class": "label" }, probe, "Shop.CheckoutViewController 0x7fa1c8d0a200");
  var width = text.getComputedTextLength() / text.textContent.length * 1.125;
  probe.remove();
  return width > 3 && width < 20 ? width : \#(HTMLTimelineSVG.characterWidth);
})();

// Cuts the middle of a label, keeping its address and #N (or a class lane's ×N) whole, as HTMLTimelineSVG.truncated
// does.
function fit(text, room) {
  var count = Math.max(1, Math.floor(room / CHARACTER));
  if (text.length <= count) return text;
  var keep = Math.max(1, count - 1), at = Math.max(text.lastIndexOf(" 0x"), text.lastIndexOf(" ×"));
  var tail = at >= 0 && text.length - at <= keep - 4 ? text.length - at : Math.floor(keep / 2);
  return text.slice(0, keep - tail) + "…" + text.slice(text.length - tail);
}

// What drawing needs of the chart's box; reading it after the page changed makes the browser lay out again.
Chart.prototype.measure = function () {
  var box = this.box;
  return { top: box.scrollTop, left: box.scrollLeft, width: box.clientWidth, height: box.clientHeight, frame: box.offsetHeight - box.clientHeight };
};

// The widest a zoomed plot gets: browsers stop drawing boxes some tens of millions of pixels wide.
Chart.prototype.maxZoom = function () { return Math.max(1, WIDEST / this.plot); };

// Sizes and draws `list`, reading every chart's geometry before writing any style, twice: once to size the
// boxes, once to draw into them. `scrollTo(chart, geometryBefore, index)` gives a scrollLeft to apply (zooming).
function layoutCharts(list, scrollTo) {
  var before = list.map(function (chart) { return chart.measure(); });
  list.forEach(function (chart, i) {
    var total = AXIS + chart.rows.length * ROW;
    chart.plot = Math.max(200, before[i].width - LABEL - PAD);
    chart.zoom = Math.min(chart.zoom, chart.maxZoom());
    chart.spacer.style.width = (LABEL + chart.plot * chart.zoom + PAD) + "px";
    chart.box.style.height = (Math.min(total, Math.max(240, window.innerHeight * 0.7)) + before[i].frame) + "px";
  });
  var sized = list.map(function (chart) { return chart.measure(); });
  list.forEach(function (chart, i) {
    chart.view.setAttribute("height", sized[i].height);
    chart.spacer.style.height = Math.max(0, AXIS + chart.rows.length * ROW - sized[i].height) + "px";
    if (scrollTo) chart.box.scrollLeft = Math.max(0, scrollTo(chart, before[i], i));
    if (chart.overview) chart.overview.draw(sized[i].width);
  });
  if (scrollTo) list.forEach(function (chart, i) { sized[i].left = chart.box.scrollLeft; });
  list.forEach(function (chart, i) { chart.render(sized[i]); });
}

// A scrolled chart is redrawn at the next frame, with every other chart scrolled meanwhile: all are measured
// before any is drawn.
Chart.prototype.schedule = function () {
  if (this.pending) return;
  this.pending = true;
  if (pendingRender.push(this) > 1) return;
  window.requestAnimationFrame(function () {
    var list = pendingRender;
    pendingRender = [];
    var geometry = list.map(function (chart) { chart.pending = false; return chart.measure(); });
    list.forEach(function (chart, i) { chart.render(geometry[i]); });
  });
};

// Draws the rows in view; `geometry` is the box as measured (read now when not given).
Chart.prototype.render = function (geometry) {
  var g = geometry || this.measure();
  this.draw(this.view, g, this.plot * this.zoom, "clip-t" + this.index);
  if (this.overview) this.overview.showWindow(g);
  if (this.focus) {
    var mark = this.view.querySelector('a[href="#' + this.focus + '"]');
    this.focus = null;
    if (mark) mark.focus();
  }
};

// Draws rows `g.first`..<`g.last` (default: those in view) into `view`, `g.top` pixels scrolled down and `g.left`
// across, the whole time span `plotWidth` wide. Labels are clipped to their column (`clip` names the clip path).
Chart.prototype.draw = function (view, g, plotWidth, clip) {
  var data = this.data, top = g.top, left = g.left, width = g.width, height = g.height;
  while (view.firstChild) view.removeChild(view.firstChild);
  var scale = plotWidth / Math.max(1, data.end - data.start);
  var x = function (tick) { return LABEL + (tick - data.start) * scale - left; };
  var first = g.first !== undefined ? g.first : Math.max(0, Math.floor(top / ROW));
  var last = g.last !== undefined ? g.last : Math.min(this.rows.length, Math.ceil((top + height) / ROW));
  var lanes = node("g", {}, view), labels = node("g", { "clip-path": "url(#" + clip + ")" });
  node("rect", { x: 0, y: 0, width: LABEL - 6, height: height }, node("clipPath", { id: clip }, view));
  for (var i = first; i < last; i++) {
    var row = this.rows[i], y = AXIS + i * ROW - top;
    if (row.members) {
      this.drawRow(row, row.expanded ? [] : row.shown, y, top, x, width, lanes, labels);
    } else if (row.serial === undefined) {
      node("rect", { "class": "process", x: 0, y: y, width: width, height: ROW }, lanes);
      node("text", { "class": "process", x: 6, y: y + 14 }, labels, data.processes[row.process]);
    } else {
      this.drawRow(row, [row], y, top, x, width, lanes, labels);
    }
  }
  node("rect", { "class": "labels", x: 0, y: 0, width: LABEL - 4, height: height }, view);
  view.appendChild(labels);
  this.drawAxis(view, x, scale, left, width);
};

// One row: a controller's lane, or a class lane holding `drawn` (its instances, none when expanded). Only what
// falls inside the plot is drawn: a class lane may hold thousands of instances.
Chart.prototype.drawRow = function (row, drawn, y, top, x, width, parent, labels) {
  var group = row.members ? row : null, self = this;
  var lit = drawn.some(function (lane) { return lane.serial === self.highlight; });
  var g = node("g", { "class": "lane" + (group ? " class-lane" : "") + (lit ? " highlight" : ""), "data-count": drawn.length }, parent);
  if (!group) g.setAttribute("data-serial", row.serial);
  var names = this.data.names;
  drawn.forEach(function (lane) {
    var s = lane.segments;
    for (var j = 0; j + 2 < s.length; j += 2) {
      var x0 = x(s[j]), x1 = Math.max(x(s[j + 2]), x0 + 3);
      if (x1 < LABEL - 4 || x0 > width) continue;
      node("rect", { "class": "s-" + STATES[s[j + 1]], x: x0, y: y + 4, width: x1 - x0, height: ROW - 8 }, g);
    }
    var e = lane.events;
    for (var k = 0; k < e.length; k += 3) {
      var ex = x(e[k]);
      if (ex < LABEL - 4 || ex > width) continue;
      var tick = node("line", { "class": "event", x1: ex, x2: ex, y1: y + 2, y2: y + ROW - 2 }, g);
      node("title", {}, tick, names[e[k + 1]] + " · line " + e[k + 2]);
    }
    var parentRow = group ? undefined : self.rowOf[lane.parent];
    if (parentRow !== undefined && s.length) {
      var px = x(s[0]), py = AXIS + parentRow * ROW - top + ROW / 2;
      node("path", { "class": "link", d: "M" + px + "," + py + "V" + (y + ROW / 2) + "h4" }, g);
    }
    lane.marks.forEach(function (f) {
      var mx = x(f.tick), my = y + ROW / 2;
      if (mx < LABEL - 8 || mx > width + 8) return;
      var link = node("a", { href: "#" + f.id, "class": "mark" + (f === selected ? " selected" : ""),
                             "aria-label": SEVERITIES[f.sev] + " " + f.rule + " at line " + f.line }, g);
      node("path", { "class": "sev-" + SEVERITIES[f.sev], d: "M" + mx + "," + my + SHAPES[SEVERITIES[f.sev]] }, link);
    });
  });
  var depth = Math.min(row.depth, 8), indent = 8 + depth * 12, prefix = group ? (group.expanded ? "▾ " : "▸ ") : depth ? "└ " : "";
  // The prefix takes about two characters of the room: counted, so that a child's label ends inside the column.
  var room = LABEL - indent - 12 - (prefix ? 14 : 0);
  if (group) {
    var name = group.cls + " ×" + group.shown.length;
    var toggle = node("a", { "class": "toggle", href: "#", role: "button", "aria-expanded": String(group.expanded), "data-group": group.key }, labels);
    var text = node("text", { "class": "label", x: indent, y: y + 14 }, toggle, prefix + fit(name, room));
    node("title", {}, text, group.shown.length + " instances of " + group.cls + ", one after another: " + (group.expanded ? "collapse" : "show each"));
  } else {
    var plain = node("text", { "class": "label", x: indent, y: y + 14, "data-serial": row.serial }, labels, prefix + fit(row.label, room));
    node("title", {}, plain, row.label);
  }
};

Chart.prototype.drawAxis = function (view, x, scale, left, width) {
  var data = this.data;
  node("rect", { "class": "axis", x: 0, y: 0, width: width, height: AXIS }, view);
  var from = data.start + left / scale, to = from + (width - LABEL) / scale;
  var step = Math.max(1, niceStep((to - from) / Math.max(1, (width - LABEL) / 110), this.clock));
  for (var t = Math.ceil(from / step) * step; t <= to; t += step) {
    var tx = x(t);
    node("line", { "class": "tick", x1: tx, x2: tx, y1: AXIS - 6, y2: AXIS }, view);
    if (tx + 60 < width) node("text", { "class": "tick", x: tx + 3, y: AXIS - 9 }, view, label(t, this.clock));
  }
  node("text", { "class": "axis-title", x: 6, y: AXIS - 9 }, view, this.clock ? "time since first timestamp" : "log line (no timestamps)");
};

// Zooms the charts of `list` by `factor` (0: back to fit), keeping the time under `anchor` (x in the chart;
// default: the middle of the plot) where it was.
function zoomCharts(list, factor, anchor) {
  var widths = list.map(function (chart) { return chart.plot * chart.zoom; });
  list.forEach(function (chart) { chart.zoom = factor ? Math.min(chart.maxZoom(), Math.max(1, chart.zoom * factor)) : 1; });
  layoutCharts(list, function (chart, before, i) {
    var at = anchor === undefined ? LABEL + (before.width - LABEL) / 2 : Math.max(LABEL, anchor);
    return (before.left + at - LABEL) / widths[i] * chart.plot * chart.zoom - (at - LABEL);
  });
}

// Zooms `chart` so that ticks `from`…`to` fill its plot.
function zoomTo(chart, from, to) {
  var span = Math.max(1, chart.data.end - chart.data.start);
  chart.zoom = Math.min(chart.maxZoom(), Math.max(1, span / Math.max(1, to - from)));
  layoutCharts([chart], function () { return (from - chart.data.start) * chart.plot * chart.zoom / span; });
}

function showTip(anchor) {
  var f = byId[anchor.getAttribute("href").slice(1)];
  if (!f) return;
  clearTimeout(tip.hiding);
  tip.textContent = "";
  tip.appendChild(document.createElement("strong")).textContent = SEVERITIES[f.sev] + " · " + f.rule;
  tip.appendChild(document.createElement("p")).textContent = f.message;
  var why = tip.appendChild(document.createElement("p")).appendChild(document.createElement("a"));
  why.href = f.row.cells[1].querySelector("a").getAttribute("href");
  why.textContent = "What the rule checks";
  tip.hidden = false;
  // Kept inside the window: beside the mark when there is room below it, else above it.
  var r = anchor.getBoundingClientRect(), w = tip.offsetWidth, h = tip.offsetHeight;
  var across = document.documentElement.clientWidth, down = document.documentElement.clientHeight;
  var left = Math.max(4, Math.min(r.left + r.width / 2 - w / 2, across - w - 4));
  var top = r.bottom + 6 + h <= down - 4 ? r.bottom + 6 : Math.max(4, r.top - h - 6);
  tip.style.left = (window.scrollX + left) + "px";
  tip.style.top = (window.scrollY + top) + "px";
}

// Hidden a moment later: the pointer may be on its way into the tip, to its link.
function hideTipSoon() {
  clearTimeout(tip.hiding);
  tip.hiding = setTimeout(function () { tip.hidden = true; }, 300);
}

function hideTip() { clearTimeout(tip.hiding); tip.hidden = true; }
"""#

    private static let startup = #"""
Array.prototype.forEach.call(document.querySelectorAll("section.trace"), function (section) {
  var index = +section.dataset.trace;
  if (section.querySelector("script.lanes")) charts.push(chartOf[index] = new Chart(section, index));
});
layoutCharts(charts);
var controls = document.getElementById("controls");
controls.hidden = false;
document.getElementById("filter-class").addEventListener("input", function (event) { filter.text = event.target.value.trim().toLowerCase(); refilter(); });
document.getElementById("filter-rule").addEventListener("change", function (event) { filter.rule = event.target.value; refilter(); });
document.getElementById("filter-only").addEventListener("change", function (event) { filter.only = event.target.checked; refilter(); });
controls.addEventListener("click", function (event) {
  var button = event.target.closest("button");
  if (button && button.dataset.zoom) zoomCharts(charts, +button.dataset.zoom);
  if (button && button.id === "finding-next") step(1);
  if (button && button.id === "finding-prev") step(-1);
});
if (findings.length > listing.size) listing.pager = makePager();
showRows();
Array.prototype.forEach.call(document.querySelectorAll("#findings thead button"), function (button) {
  button.addEventListener("click", function () { sortTable(button.parentNode); });
});
document.addEventListener("mouseover", function (event) {
  var a = event.target.closest && event.target.closest("a.mark");
  if (a) showTip(a);
  else if (event.target.closest && event.target.closest("#tip")) clearTimeout(tip.hiding);
});
document.addEventListener("mouseout", function (event) { if (event.target.closest && event.target.closest("a.mark, #tip")) hideTipSoon(); });
document.addEventListener("focusin", function (event) {
  if (event.target.matches("a.mark")) showTip(event.target);
  else if (!tip.contains(event.target)) hideTip();
});
document.addEventListener("keydown", stepByKey);
document.addEventListener("click", function (event) {
  var target = event.target.closest ? event.target : event.target.parentNode;
  var toggle = target.closest("a.toggle"), mark = target.closest("a.mark"), link = target.closest("a[data-f]");
  if (toggle) {
    event.preventDefault();
    var chart = chartOf[+toggle.closest("section.trace").dataset.trace];
    if (chart) chart.toggle(toggle.dataset.group);
  } else if (mark && byId[mark.getAttribute("href").slice(1)]) {
    event.preventDefault();
    select(byId[mark.getAttribute("href").slice(1)], "row");
  } else if (link && byId[link.dataset.f] && chartOf[byId[link.dataset.f].trace]) {
    event.preventDefault();
    select(byId[link.dataset.f], "chart");
  }
});
window.addEventListener("resize", function () { layoutCharts(charts); });
window.addEventListener("hashchange", function () { var state = readState(); if (state) applyState(state); });
window.addEventListener("beforeprint", preparePrint);
window.addEventListener("afterprint", endPrint);
var initial = readState();
if (initial) applyState(initial); else showPosition();
document.body.dataset.ready = "true";
"""#
}
