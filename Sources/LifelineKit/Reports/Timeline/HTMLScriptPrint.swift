/// The report script's printing: before the page prints, each chart's rows (as filtered and folded on screen)
/// are drawn whole, the whole time span at the page's width, in blocks of rows that the print style sheet keeps
/// from being cut across pages; after printing they are removed. The virtual chart shows only the rows in view,
/// and a box that scrolls would print only its visible part.
enum HTMLScriptPrint {
    static let source = #"""
var PRINT_ROWS = 36, PRINT_WIDTH = 1000;

function preparePrint() {
  endPrint();
  charts.forEach(function (chart) {
    var holder = document.createElement("div");
    holder.className = "print";
    for (var first = 0; first < chart.rows.length; first += PRINT_ROWS) {
      var last = Math.min(chart.rows.length, first + PRINT_ROWS), height = AXIS + (last - first) * ROW;
      var svg = node("svg", { viewBox: "0 0 " + PRINT_WIDTH + " " + height, width: PRINT_WIDTH, height: height }, holder);
      chart.draw(svg, { top: first * ROW, left: 0, width: PRINT_WIDTH, height: height, first: first, last: last },
                 PRINT_WIDTH - LABEL - PAD, "clip-p" + chart.index + "-" + first);
    }
    (chart.overview ? chart.overview.svg : chart.box).before(holder);
    chart.printed = holder;
  });
}

function endPrint() {
  charts.forEach(function (chart) {
    if (chart.printed) chart.printed.remove();
    chart.printed = null;
  });
}
"""#
}
