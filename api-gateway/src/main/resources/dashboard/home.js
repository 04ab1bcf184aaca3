// The home page's charts: each [data-chart] element carries its UTC days (data-dates, YYYY-MM-DD) and values
// (data-values, oldest first, separated by spaces), and uPlot (served beside this script) draws them. A value becomes
// a float here only to place a point on the chart; the exact figures are in the page's text and table, which show
// without this script.
(() => {
  'use strict';
  const HEIGHT = 192;

  function day(text) {
    const [year, month, date] = text.split('-').map(Number);
    return Date.UTC(year, month - 1, date) / 1000;
  }

  function draw(element) {
    const days = element.dataset.dates.split(' ').map(day);
    const values = element.dataset.values.split(' ').map(Number);
    const options = {
      width: Math.max(element.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      scales: { y: { range: (self, min, max) => [0, Math.max(max, 1)] } },
      axes: [{}, { size: 56 }],
      series: [{}, { stroke: '#1d4ed8', fill: 'rgba(29, 78, 216, 0.12)', width: 2 }],
    };
    const chart = new uPlot(options, [days, values], element);
    new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }))
      .observe(element);
  }

  document.querySelectorAll('[data-chart]').forEach(draw);
})();
