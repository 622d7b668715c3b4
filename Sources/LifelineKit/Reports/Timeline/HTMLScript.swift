/// The HTML report's only script. It replaces each static timeline with a virtual one (only the rows in view
/// are in the DOM, so 10,000 lanes scroll smoothly), adds zoom, filters, tooltips and table sorting. It reads
/// log-derived text only from the JSON data blocks and the table's text, and writes it only with `textContent`.
/// Charts are laid out together: all geometry is read, then all styles written (`layoutCharts`), so a report of
/// thousands of traces opens in time proportional to their number, not its square.
enum HTMLScript {
    static let source = #"""
(function () {
"use strict";
var NS = "http://www.w3.org/2000/svg", ROW = 20, AXIS = 26, LABEL = 300, PAD = 16;
var STATES = ["created", "loaded", "appearing", "appeared", "disappearing", "disappeared", "deallocated"];
var SEVERITIES = ["info", "warning", "error"];
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

var findings = Array.prototype.map.call(document.querySelectorAll("#findings tbody tr"), function (row) {
  var d = row.dataset;
  return { row: row, id: row.id, order: +d.order, trace: +d.t, lane: +d.c, tick: +d.k, sev: +d.sev, rule: d.rule, line: d.line, event: d.ev,
           message: row.querySelector(".msg").textContent, controller: row.querySelector(".ctl").textContent.toLowerCase() };
});
var byId = {}, findingsOfTrace = {};
findings.forEach(function (f) {
  byId[f.id] = f;
  (findingsOfTrace[f.trace] = findingsOfTrace[f.trace] || []).push(f);
});

function explanation(rule) {
  var term = document.getElementById("rule-" + rule), detail = term && term.nextElementSibling;
  return detail && detail.lastElementChild ? detail.lastElementChild.textContent : "";
}

// Cuts the middle of a label, keeping its address and #N whole (as HTMLTimelineSVG.truncated does).
function fit(text, room) {
  var count = Math.max(1, Math.floor(room / 6.6));
  if (text.length <= count) return text;
  var keep = Math.max(1, count - 1), at = text.lastIndexOf(" 0x");
  var tail = at >= 0 && text.length - at <= keep - 4 ? text.length - at : Math.floor(keep / 2);
  return text.slice(0, keep - tail) + "…" + text.slice(text.length - tail);
}

function Chart(section, index) {
  var data = JSON.parse(section.querySelector("script.lanes").textContent), self = this;
  this.section = section; this.index = index; this.data = data; this.zoom = 1; this.clock = data.base === "clock";
  this.box = section.querySelector(".chart");
  this.lanes = data.lanes.map(function (l) {
    return { serial: l[0], label: l[1], search: l[1].toLowerCase(), process: l[2], depth: l[3], parent: l[4], segments: l[5], events: l[6], marks: [] };
  });
  this.bySerial = {};
  this.lanes.forEach(function (lane) { self.bySerial[lane.serial] = lane; });
  (findingsOfTrace[index] || []).forEach(function (f) { if (self.bySerial[f.lane]) self.bySerial[f.lane].marks.push(f); });
  this.box.textContent = "";
  var note = section.querySelector(".nojs");
  if (note) note.remove();
  this.view = node("svg", { "class": "view" }, this.box);
  this.spacer = this.box.appendChild(document.createElement("div"));
  this.box.addEventListener("scroll", function () { self.schedule(); });
  this.box.addEventListener("wheel", function (event) {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    zoomCharts([self], event.deltaY < 0 ? 2 : 0.5, event.clientX - self.box.getBoundingClientRect().left);
  }, { passive: false });
  this.filterRows();
}

// The rows the filters leave; `layoutCharts` then sizes and draws the chart.
Chart.prototype.filterRows = function () {
  var rows = [], previous = -1;
  this.lanes.forEach(function (lane) {
    if (filter.text && lane.search.indexOf(filter.text) < 0) return;
    if (filter.only && !lane.marks.length) return;
    if (filter.rule && !lane.marks.some(function (f) { return f.rule === filter.rule; })) return;
    if (lane.process !== previous) { rows.push({ process: lane.process }); previous = lane.process; }
    rows.push(lane);
  });
  this.rows = rows;
  this.rowOf = {};
  for (var i = 0; i < rows.length; i++) if (rows[i].serial !== undefined) this.rowOf[rows[i].serial] = i;
};

// What drawing needs of the chart's box; reading it after the page changed makes the browser lay out again.
Chart.prototype.measure = function () {
  var box = this.box;
  return { top: box.scrollTop, left: box.scrollLeft, width: box.clientWidth, height: box.clientHeight, frame: box.offsetHeight - box.clientHeight };
};

// Sizes and draws `list`, reading every chart's geometry before writing any style, twice: once to size the
// boxes, once to draw into them. `scrollTo(chart, geometryBefore, index)` gives a scrollLeft to apply (zooming).
function layoutCharts(list, scrollTo) {
  var before = list.map(function (chart) { return chart.measure(); });
  list.forEach(function (chart, i) {
    var total = AXIS + chart.rows.length * ROW;
    chart.plot = Math.max(200, before[i].width - LABEL - PAD);
    chart.spacer.style.width = (LABEL + chart.plot * chart.zoom + PAD) + "px";
    chart.box.style.height = (Math.min(total, Math.max(240, window.innerHeight * 0.7)) + before[i].frame) + "px";
  });
  var sized = list.map(function (chart) { return chart.measure(); });
  list.forEach(function (chart, i) {
    chart.view.setAttribute("height", sized[i].height);
    chart.spacer.style.height = Math.max(0, AXIS + chart.rows.length * ROW - sized[i].height) + "px";
    if (scrollTo) chart.box.scrollLeft = Math.max(0, scrollTo(chart, before[i], i));
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
  var view = this.view, data = this.data, g = geometry || this.measure();
  while (view.firstChild) view.removeChild(view.firstChild);
  var top = g.top, left = g.left, width = g.width, height = g.height;
  var scale = this.plot * this.zoom / Math.max(1, data.end - data.start);
  var x = function (tick) { return LABEL + (tick - data.start) * scale - left; };
  var first = Math.max(0, Math.floor(top / ROW)), last = Math.min(this.rows.length, Math.ceil((top + height) / ROW));
  var lanes = node("g", {}, view), labels = node("g", {});
  for (var i = first; i < last; i++) {
    var row = this.rows[i], y = AXIS + i * ROW - top;
    if (row.serial === undefined) {
      node("rect", { "class": "process", x: 0, y: y, width: width, height: ROW }, lanes);
      node("text", { "class": "process", x: 6, y: y + 14 }, labels, data.processes[row.process]);
    } else {
      this.drawLane(row, y, top, x, lanes, labels);
    }
  }
  node("rect", { "class": "labels", x: 0, y: 0, width: LABEL - 4, height: height }, view);
  view.appendChild(labels);
  this.drawAxis(x, scale, left, width);
  if (this.focus) {
    var mark = view.querySelector('a[href="#' + this.focus + '"]');
    this.focus = null;
    if (mark) mark.focus();
  }
};

Chart.prototype.drawLane = function (lane, y, top, x, parent, labels) {
  var group = node("g", { "class": "lane" + (lane.serial === this.highlight ? " highlight" : ""), "data-serial": lane.serial }, parent);
  var s = lane.segments;
  for (var j = 0; j + 2 < s.length; j += 2) {
    var x0 = x(s[j]), x1 = Math.max(x(s[j + 2]), x0 + 3);
    node("rect", { "class": "s-" + STATES[s[j + 1]], x: x0, y: y + 4, width: x1 - x0, height: ROW - 8 }, group);
  }
  var e = lane.events, names = this.data.names;
  for (var k = 0; k < e.length; k += 3) {
    var ex = x(e[k]);
    var tick = node("line", { "class": "event", x1: ex, x2: ex, y1: y + 2, y2: y + ROW - 2 }, group);
    node("title", {}, tick, names[e[k + 1]] + " · line " + e[k + 2]);
  }
  var parentRow = this.rowOf[lane.parent];
  if (parentRow !== undefined && s.length) {
    var px = x(s[0]), py = AXIS + parentRow * ROW - top + ROW / 2;
    node("path", { "class": "link", d: "M" + px + "," + py + "V" + (y + ROW / 2) + "h4" }, group);
  }
  lane.marks.forEach(function (f) {
    var mx = x(f.tick), my = y + ROW / 2, link = node("a", { href: "#" + f.id, "class": "mark", "aria-label": SEVERITIES[f.sev] + " " + f.rule + " at line " + f.line }, group);
    node("path", { "class": "sev-" + SEVERITIES[f.sev], d: "M" + mx + "," + (my - 7) + "l6,7l-6,7l-6,-7z" }, link);
  });
  var indent = 8 + lane.depth * 12;
  var text = node("text", { "class": "label", x: indent, y: y + 14 }, labels, (lane.depth ? "└ " : "") + fit(lane.label, LABEL - indent - 12));
  node("title", {}, text, lane.label);
};

Chart.prototype.drawAxis = function (x, scale, left, width) {
  var view = this.view, data = this.data;
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
  list.forEach(function (chart) { chart.zoom = factor ? Math.min(4096, Math.max(1, chart.zoom * factor)) : 1; });
  layoutCharts(list, function (chart, before, i) {
    var at = anchor === undefined ? LABEL + (before.width - LABEL) / 2 : Math.max(LABEL, anchor);
    return (before.left + at - LABEL) / widths[i] * chart.plot * chart.zoom - (at - LABEL);
  });
}

Chart.prototype.reveal = function (f) {
  if (this.rowOf[f.lane] === undefined) resetFilter();
  var row = this.rowOf[f.lane], box = this.box;
  if (row === undefined) return;
  this.highlight = f.lane;
  this.section.scrollIntoView({ block: "start" });
  box.scrollTop = Math.max(0, row * ROW - box.clientHeight / 3);
  var scale = this.plot * this.zoom / Math.max(1, this.data.end - this.data.start);
  box.scrollLeft = Math.max(0, (f.tick - this.data.start) * scale - (box.clientWidth - LABEL) / 2);
  this.focus = f.id;
  this.render();
};

function showTip(anchor) {
  var f = byId[anchor.getAttribute("href").slice(1)];
  if (!f) return;
  tip.textContent = "";
  var head = tip.appendChild(document.createElement("strong"));
  head.textContent = SEVERITIES[f.sev] + " · " + f.rule;
  tip.appendChild(document.createElement("p")).textContent = f.event + " at line " + f.line + ": " + f.message;
  tip.appendChild(document.createElement("p")).textContent = explanation(f.rule);
  tip.hidden = false;
  var r = anchor.getBoundingClientRect(), w = tip.offsetWidth;
  tip.style.left = Math.max(4, Math.min(window.scrollX + r.left - w / 2, window.scrollX + document.documentElement.clientWidth - w - 4)) + "px";
  tip.style.top = (window.scrollY + r.bottom + 6) + "px";
}

function hideTip() { tip.hidden = true; }

function resetFilter() {
  filter = { text: "", rule: "", only: false };
  document.getElementById("filter-class").value = "";
  document.getElementById("filter-rule").value = "";
  document.getElementById("filter-only").checked = false;
  refilter();
}

function refilter() {
  charts.forEach(function (chart) { chart.filterRows(); });
  layoutCharts(charts);
  listing.page = 0;
  showRows();
}

// The findings table shows one page of rows at a time: laying out thousands of rows is slow.
var listing = { order: findings.slice(), page: 0, size: 200, pager: null };

function listed(f) {
  return !(filter.text && f.controller.indexOf(filter.text) < 0) && !(filter.rule && f.rule !== filter.rule);
}

function showRows() {
  var shown = listing.order.filter(listed), pages = Math.max(1, Math.ceil(shown.length / listing.size));
  listing.page = Math.min(Math.max(0, listing.page), pages - 1);
  var page = new Set(shown.slice(listing.page * listing.size, (listing.page + 1) * listing.size));
  findings.forEach(function (f) { var hide = !page.has(f); if (f.row.hidden !== hide) f.row.hidden = hide; });
  if (!listing.pager) return;
  listing.pager.hidden = pages < 2;
  listing.pager.querySelector("span").textContent = "Findings " + (shown.length ? listing.page * listing.size + 1 : 0) + "–" +
    Math.min(shown.length, (listing.page + 1) * listing.size) + " of " + shown.length;
}

function makePager() {
  var pager = document.createElement("div");
  pager.className = "pager";
  [["Previous", -1], ["", 0], ["Next", 1]].forEach(function (part) {
    var element = pager.appendChild(document.createElement(part[1] ? "button" : "span"));
    if (!part[1]) return;
    element.type = "button";
    element.textContent = part[0];
    element.addEventListener("click", function () { listing.page += part[1]; showRows(); });
  });
  document.getElementById("findings").after(pager);
  return pager;
}

// Shows the page holding `f`'s row, clearing filters that hide it.
function showRow(f) {
  if (!listed(f)) resetFilter();
  listing.page = Math.floor(listing.order.filter(listed).indexOf(f) / listing.size);
  showRows();
}

function sortTable(header) {
  var table = document.getElementById("findings"), key = header.dataset.key;
  var ascending = header.getAttribute("aria-sort") !== "ascending";
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) { cell.removeAttribute("aria-sort"); });
  header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  var keyed = findings.map(function (f) {
    var value = key === "sev" ? -f.sev : key === "loc" ? f.order : f.row.cells[header.cellIndex].textContent.toLowerCase();
    return { f: f, value: value };
  });
  keyed.sort(function (a, b) {
    var order = a.value < b.value ? -1 : a.value > b.value ? 1 : a.f.order - b.f.order;
    return ascending ? order : -order;
  });
  listing.order = keyed.map(function (entry) { return entry.f; });
  var fragment = document.createDocumentFragment();
  listing.order.forEach(function (f) { f.row.hidden = true; fragment.appendChild(f.row); });
  table.tBodies[0].appendChild(fragment);
  listing.page = 0;
  showRows();
}

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
  var button = event.target.closest("button[data-zoom]");
  if (button) zoomCharts(charts, +button.dataset.zoom);
});
if (findings.length > listing.size) listing.pager = makePager();
showRows();
Array.prototype.forEach.call(document.querySelectorAll("#findings thead button"), function (button) {
  button.addEventListener("click", function () { sortTable(button.parentNode); });
});
document.addEventListener("mouseover", function (event) { var a = event.target.closest && event.target.closest("a.mark"); if (a) showTip(a); });
document.addEventListener("mouseout", function (event) { if (event.target.closest && event.target.closest("a.mark")) hideTip(); });
document.addEventListener("focusin", function (event) { if (event.target.matches("a.mark")) showTip(event.target); else hideTip(); });
document.addEventListener("click", function (event) {
  var mark = event.target.closest && event.target.closest("a.mark");
  if (mark && byId[mark.getAttribute("href").slice(1)]) showRow(byId[mark.getAttribute("href").slice(1)]);
  var link = event.target.closest && event.target.closest("a[data-f]");
  var f = link && byId[link.dataset.f], chart = f && chartOf[f.trace];
  if (!chart) return;
  event.preventDefault();
  chart.reveal(f);
});
window.addEventListener("resize", function () { layoutCharts(charts); });
document.body.dataset.ready = "true";
})();
"""#
}
