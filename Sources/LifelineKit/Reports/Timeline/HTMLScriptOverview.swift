/// The report script's overview of a long or crowded trace: a strip over its chart showing the whole time span,
/// how many controllers are alive along it, every finding (the worst per stretch, in its severity's shape) and
/// the stretch in view. Dragging across it zooms the chart to that stretch; a click centres the chart there.
enum HTMLScriptOverview {
    static let source = #"""
var OVERVIEW = 40, BUCKETS = 400;

// Traces with more lanes than a screen shows, or longer than a minute, get an overview.
function wantsOverview(chart) {
  return chart.lanes.length > 20 || (chart.clock && chart.data.end - chart.data.start > 6e7);
}

function Overview(chart) {
  var data = chart.data, span = Math.max(1, data.end - data.start), self = this;
  this.chart = chart;
  this.span = span;
  this.svg = node("svg", { "class": "overview", role: "img", "aria-label": "Overview of the whole trace; drag across it to zoom" });
  chart.box.before(this.svg);
  // Controllers alive per stretch, from where each lane starts and ends.
  var alive = new Array(BUCKETS + 1).fill(0), bucket = function (tick) { return Math.min(BUCKETS - 1, Math.max(0, Math.floor((tick - data.start) / span * BUCKETS))); };
  chart.lanes.forEach(function (lane) { alive[bucket(lane.start)] += 1; alive[bucket(lane.end) + 1] -= 1; });
  for (var i = 1; i <= BUCKETS; i++) alive[i] += alive[i - 1];
  this.alive = alive.slice(0, BUCKETS);
  this.most = Math.max.apply(null, this.alive.concat([1]));
  this.worst = {};
  (findingsOfTrace[chart.index] || []).forEach(function (f) {
    var b = bucket(f.tick);
    if (!self.worst[b] || self.worst[b].sev < f.sev) self.worst[b] = f;
  });
  this.svg.addEventListener("mousedown", function (event) { if (event.button === 0) self.startBrush(event); });
}

Overview.prototype.tickAt = function (clientX) {
  var rect = this.svg.getBoundingClientRect(), plot = Math.max(1, rect.width - LABEL - PAD);
  return this.chart.data.start + Math.min(1, Math.max(0, (clientX - rect.left - LABEL) / plot)) * this.span;
};

Overview.prototype.x = function (tick) { return LABEL + (tick - this.chart.data.start) / this.span * this.plot; };

// Draws the strip `width` wide (the chart's width); called when the charts are laid out.
Overview.prototype.draw = function (width) {
  var svg = this.svg, self = this;
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  this.plot = Math.max(1, width - LABEL - PAD);
  node("text", { "class": "axis-title", x: 6, y: 16 }, svg, "Overview: drag to zoom");
  node("text", { "class": "axis-title", x: 6, y: 32 }, svg, this.most + " controllers at most");
  var step = this.plot / BUCKETS;
  this.alive.forEach(function (count, i) {
    if (!count) return;
    var height = count / self.most * (OVERVIEW - 4);
    node("rect", { "class": "density", x: LABEL + i * step, y: OVERVIEW - height, width: Math.max(step, 1), height: height }, svg);
  });
  Object.keys(this.worst).forEach(function (b) {
    var f = self.worst[b], name = SEVERITIES[f.sev];
    node("path", { "class": "sev-" + name, d: "M" + (LABEL + (+b + 0.5) * step) + "," + 12 + SHAPES[name] }, svg);
  });
  this.window = node("rect", { "class": "brush", x: LABEL, y: 1, width: this.plot, height: OVERVIEW - 2 }, svg);
};

// Moves the window rectangle to the stretch the chart shows (`g`: the chart's measured box).
Overview.prototype.showWindow = function (g) {
  if (!this.window) return;
  var chart = this.chart, scale = chart.plot * chart.zoom / this.span;
  var from = chart.data.start + g.left / scale, to = from + (g.width - LABEL) / scale;
  var x0 = this.x(Math.max(chart.data.start, from)), x1 = this.x(Math.min(chart.data.end, to));
  this.window.setAttribute("x", x0);
  this.window.setAttribute("width", Math.max(2, x1 - x0));
};

Overview.prototype.startBrush = function (event) {
  event.preventDefault();
  var self = this, from = event.clientX, first = this.tickAt(from);
  var brush = node("rect", { "class": "brush", y: 1, height: OVERVIEW - 2, x: this.x(first), width: 1 }, this.svg);
  function move(e) {
    var t = self.tickAt(e.clientX), a = Math.min(first, t), b = Math.max(first, t);
    brush.setAttribute("x", self.x(a));
    brush.setAttribute("width", Math.max(1, self.x(b) - self.x(a)));
  }
  function end(e) {
    window.removeEventListener("mousemove", move);
    window.removeEventListener("mouseup", end);
    brush.remove();
    var last = self.tickAt(e.clientX), chart = self.chart;
    if (Math.abs(e.clientX - from) >= 4) return zoomTo(chart, Math.min(first, last), Math.max(first, last));
    // A click: the same zoom (at least a sixteenth of the trace) centred on the time clicked.
    var shown = self.span / Math.max(chart.zoom, 16);
    zoomTo(chart, last - shown / 2, last + shown / 2);
  }
  window.addEventListener("mousemove", move);
  window.addEventListener("mouseup", end);
};
"""#
}
