/// The report script's rows: a trace's lanes read from its data block, filtered, and instances of one class that
/// never overlap in time folded into one class lane that expands on click. A long trace of short-lived screens
/// then opens with about as many lanes as classes, each still showing every instance's states and findings.
enum HTMLScriptLanes {
    static let source = #"""
function Chart(section, index) {
  var data = JSON.parse(section.querySelector("script.lanes").textContent), self = this;
  this.section = section; this.index = index; this.data = data; this.zoom = 1; this.clock = data.base === "clock";
  this.box = section.querySelector(".chart");
  this.lanes = data.lanes.map(function (l) {
    return { serial: l[0], label: l[1], search: l[1].toLowerCase(), process: l[2], depth: l[3], parent: l[4], segments: l[5], events: l[6],
             cls: data.classes ? data.classes[l[7]] : l[1], start: l[5][0], end: l[5][l[5].length - 1], marks: [], findingText: "" };
  });
  this.bySerial = {};
  this.lanes.forEach(function (lane) { self.bySerial[lane.serial] = lane; });
  (findingsOfTrace[index] || []).forEach(function (f) {
    var lane = self.bySerial[f.lane];
    if (!lane) return;
    lane.marks.push(f);
    lane.findingText += "\n" + f.search;
  });
  this.groups = {};
  this.foldClasses();
  this.box.textContent = "";
  var note = section.querySelector(".nojs");
  if (note) note.remove();
  this.view = node("svg", { "class": "view" }, this.box);
  this.spacer = this.box.appendChild(document.createElement("div"));
  if (wantsOverview(this)) this.overview = new Overview(this);
  this.box.addEventListener("scroll", function () { self.schedule(); });
  this.box.addEventListener("wheel", function (event) {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    zoomCharts([self], event.deltaY < 0 ? 2 : 0.5, event.clientX - self.box.getBoundingClientRect().left);
  }, { passive: false });
  this.filterRows();
}

// Instances of a class (in one process, at one depth) that never overlap share a class lane.
Chart.prototype.foldClasses = function () {
  var byKey = {}, keys = [], self = this;
  this.lanes.forEach(function (lane) {
    var key = lane.process + "/" + lane.depth + "/" + lane.cls;
    if (!byKey[key]) { byKey[key] = []; keys.push(key); }
    byKey[key].push(lane);
  });
  keys.forEach(function (key) {
    var members = byKey[key];
    if (members.length < 2) return;
    var byStart = members.slice().sort(function (a, b) { return a.start - b.start || a.serial - b.serial; });
    for (var i = 1; i < byStart.length; i++) if (byStart[i].start < byStart[i - 1].end) return;
    var group = { key: key, cls: members[0].cls, process: members[0].process, depth: members[0].depth, members: members, shown: members, expanded: false };
    members.forEach(function (lane) { lane.group = group; });
    self.groups[key] = group;
  });
};

// Whether the filters keep `lane`: the search looks at its label and its findings' messages and rules.
function passes(lane) {
  if (filter.text && lane.search.indexOf(filter.text) < 0 && lane.findingText.indexOf(filter.text) < 0) return false;
  if (filter.only && !lane.marks.length) return false;
  if (filter.rule && !lane.marks.some(function (f) { return f.rule === filter.rule; })) return false;
  return true;
}

// The rows the filters leave; `layoutCharts` then sizes and draws the chart. A search shows matching instances
// one by one; otherwise a class lane stands where its first instance would, its instances under it when expanded.
Chart.prototype.filterRows = function () {
  var rows = [], previous = -1, placed = {}, folding = !filter.text;
  function add(row) {
    if (row.process !== previous) { rows.push({ process: row.process }); previous = row.process; }
    rows.push(row);
  }
  this.lanes.forEach(function (lane) {
    var group = folding && lane.group;
    if (!group) { if (passes(lane)) add(lane); return; }
    if (placed[group.key]) return;
    placed[group.key] = true;
    var shown = group.members.filter(passes);
    if (shown.length === 1) add(shown[0]);
    if (shown.length < 2) return;
    group.shown = shown;
    add(group);
    if (group.expanded) shown.forEach(add);
  });
  this.rows = rows;
  this.rowOf = {};
  for (var i = 0; i < rows.length; i++) {
    var row = rows[i], at = i;
    if (row.members && !row.expanded) row.shown.forEach(function (lane) { this.rowOf[lane.serial] = at; }, this);
    else if (row.serial !== undefined) this.rowOf[row.serial] = i;
  }
};

// Expands or collapses a class lane.
Chart.prototype.toggle = function (key) {
  var group = this.groups[key];
  if (!group) return;
  group.expanded = !group.expanded;
  this.filterRows();
  layoutCharts([this]);
};

// Shows finding `f` on its lane: the lane expanded out of its class lane, scrolled into view and highlighted,
// and, with `zoom`, the chart zoomed to the finding's window (the lane's events before and after it).
Chart.prototype.reveal = function (f, zoom) {
  var lane = this.bySerial[f.lane], box = this.box;
  if (!lane) return;
  if (this.rowOf[f.lane] === undefined) resetFilter();
  if (lane.group && !lane.group.expanded && !filter.text) { lane.group.expanded = true; this.filterRows(); }
  this.highlight = f.lane;
  this.section.scrollIntoView({ block: "start" });
  if (zoom) {
    var around = findingWindow(lane, f.tick), pad = Math.max(1, (around[1] - around[0]) / 4);
    zoomTo(this, around[0] - pad, around[1] + pad);
  } else {
    layoutCharts([this]);
    var scale = this.plot * this.zoom / Math.max(1, this.data.end - this.data.start);
    box.scrollLeft = Math.max(0, (f.tick - this.data.start) * scale - (box.clientWidth - LABEL) / 2);
  }
  var row = this.rowOf[f.lane];
  box.scrollTop = Math.max(0, row * ROW - box.clientHeight / 3);
  this.focus = f.id;
  this.render();
};

// The ticks of `lane`'s events just before and just after `tick`; the lane's whole life when it has no other.
function findingWindow(lane, tick) {
  var e = lane.events, before = tick, after = tick;
  for (var k = 0; k < e.length; k += 3) {
    if (e[k] < tick) before = e[k];
    else if (e[k] > tick) { after = e[k]; break; }
  }
  return before === after ? [lane.start, Math.max(lane.end, lane.start + 1)] : [before, after];
}
"""#
}
