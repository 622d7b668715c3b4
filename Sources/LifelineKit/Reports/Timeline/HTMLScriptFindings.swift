/// The report script's findings list (at the top of the page): paging, sorting, the selected finding that `n`,
/// `p` and the Previous and Next buttons step through, and the filters and selection kept in the URL's fragment
/// (`#q=cart&rule=observer-balance&only=1&f=f12`), so that a link shows what its sender saw.
enum HTMLScriptFindings {
    static let source = #"""
var findings = Array.prototype.map.call(document.querySelectorAll("#findings tbody tr"), function (row) {
  var d = row.dataset, message = row.querySelector(".msg").textContent, controller = row.querySelector(".ctl").textContent.toLowerCase();
  return { row: row, id: row.id, order: +d.order, trace: +d.t, lane: +d.c, tick: +d.k, sev: +d.sev, rule: d.rule, line: d.line, event: d.ev,
           message: message, controller: controller, search: (controller + "\n" + message + "\n" + d.rule).toLowerCase() };
});
var byId = {}, findingsOfTrace = {}, selected = null;
findings.forEach(function (f) {
  byId[f.id] = f;
  (findingsOfTrace[f.trace] = findingsOfTrace[f.trace] || []).push(f);
});

// The list shows one page of rows at a time: laying out thousands of rows is slow.
var listing = { order: findings.slice(), page: 0, size: 200, pager: null };

function listed(f) {
  return !(filter.text && f.search.indexOf(filter.text) < 0) && !(filter.rule && f.rule !== filter.rule);
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
  document.querySelector(".findings-list").after(pager);
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
  showPosition();
}

function setFilter(text, rule, only) {
  var search = document.getElementById("filter-class"), rules = document.getElementById("filter-rule");
  search.value = text;
  rules.value = rule;
  if (rules.value !== rule) rules.value = "";
  document.getElementById("filter-only").checked = only;
  filter = { text: text.trim().toLowerCase(), rule: rules.value, only: only };
}

function resetFilter() {
  setFilter("", "", false);
  refilter();
}

function refilter() {
  charts.forEach(function (chart) { chart.filterRows(); });
  layoutCharts(charts);
  listing.page = 0;
  showRows();
  showPosition();
  writeState();
}

// The findings that stepping visits: the list's order, under its filters.
function steppable() { return listing.order.filter(listed); }

function step(delta) {
  var list = steppable();
  if (!list.length) return;
  var at = selected ? list.indexOf(selected) : -1;
  select(list[at < 0 ? (delta > 0 ? 0 : list.length - 1) : (at + delta + list.length) % list.length], "chart");
}

function stepByKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  if (event.target.closest && event.target.closest("input, select, textarea, [contenteditable]")) return;
  if (event.key !== "n" && event.key !== "p") return;
  event.preventDefault();
  step(event.key === "n" ? 1 : -1);
}

// Makes `f` the selected finding: its row marked in the list, and its mark on the timeline highlighted. `show`
// says where to look: "chart" zooms its lane to it, "row" scrolls the list to its row.
function select(f, show) {
  if (selected) { selected.row.classList.remove("selected"); selected.row.removeAttribute("aria-current"); }
  selected = f;
  showRow(f);
  f.row.classList.add("selected");
  f.row.setAttribute("aria-current", "true");
  var list = f.row.closest(".findings-list");
  list.scrollTop = Math.max(0, f.row.offsetTop - list.clientHeight / 3);
  var chart = chartOf[f.trace];
  if (show === "chart" && chart) chart.reveal(f, true);
  else {
    if (chart) chart.render();
    f.row.scrollIntoView({ block: "center" });
  }
  showPosition();
  writeState();
}

function showPosition() {
  var at = document.getElementById("finding-at");
  if (!at) return;
  var list = steppable(), index = selected ? list.indexOf(selected) : -1;
  at.textContent = index >= 0 ? "Finding " + (index + 1) + " of " + list.length : list.length + " finding" + (list.length === 1 ? "" : "s");
}

function writeState() {
  var state = new URLSearchParams(), text = document.getElementById("filter-class").value.trim();
  if (text) state.set("q", text);
  if (filter.rule) state.set("rule", filter.rule);
  if (filter.only) state.set("only", "1");
  if (selected) state.set("f", selected.id);
  var fragment = state.toString();
  history.replaceState(null, "", fragment ? "#" + fragment : location.pathname + location.search);
}

// The state a fragment gives: `#q=…&rule=…&only=1&f=f12`, or a finding's own anchor `#f12`; null for other anchors.
function readState() {
  var fragment = location.hash.slice(1);
  if (byId[fragment]) return { q: "", rule: "", only: false, f: fragment };
  if (fragment.indexOf("=") < 0) return null;
  var state = new URLSearchParams(fragment);
  return { q: state.get("q") || "", rule: state.get("rule") || "", only: state.get("only") === "1", f: state.get("f") };
}

function applyState(state) {
  setFilter(state.q, state.rule, state.only);
  refilter();
  if (state.f && byId[state.f]) select(byId[state.f], "chart");
}
"""#
}
