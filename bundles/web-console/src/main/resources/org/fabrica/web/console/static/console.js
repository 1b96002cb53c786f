// The Fabrica console: polls the console's JSON API (no framework, standard DOM and SVG only).
"use strict";

const api = "api";
const colours = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
let selectedRun = null;
let catalogueText = "";

function element(tag, attributes, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes || {})) {
    e.setAttribute(k, v);
  }
  if (text !== undefined && text !== null) {
    e.textContent = text;
  }
  return e;
}

function say(text, isError) {
  const m = document.getElementById("message");
  m.textContent = text;
  m.className = isError ? "error" : "";
}

async function call(method, path, body) {
  const response = await fetch(api + path, {
    method: method,
    headers: body === undefined ? {} : {"Content-Type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body)
  });
  const answer = await response.json();
  if (!response.ok) {
    throw new Error(answer.error || ("HTTP " + response.status));
  }
  return answer;
}

async function act(run, action, body) {
  try {
    const answer = await call("POST", "/runs/" + encodeURIComponent(run) + "/" + action, body || {});
    say(answer.message, false);
  } catch (e) {
    say(e.message, true);
  }
  refresh();
}

function duration(seconds) {
  if (seconds === undefined) {
    return "";
  }
  const h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
  return (h > 0 ? h + " h " : "") + (h > 0 || m > 0 ? m + " min " : "") + s + " s";
}

function controls(run) {
  const td = element("td", {"class": "control"});
  const pause = element("button", {"class": "pause"}, "Pause");
  pause.onclick = () => act(run.id, "pause");
  const resume = element("button", {"class": "resume"}, "Resume");
  resume.onclick = () => act(run.id, "resume");
  const cycles = element("input", {"class": "step-cycles", type: "number", min: "1", value: "1000",
    "aria-label": "cycles to step"});
  const step = element("button", {"class": "step"}, "Step");
  step.onclick = () => act(run.id, "step", {cycles: Number(cycles.value)});
  const stop = element("button", {"class": "stop"}, "Stop");
  stop.onclick = () => act(run.id, "stop");
  const concept = element("select", {"class": "swap-concept", "aria-label": "concept to swap"});
  for (const c of ["routing", "rootPolicy"]) {
    concept.appendChild(element("option", {value: c}, c));
  }
  const name = element("input", {"class": "swap-name", placeholder: "provider", "aria-label": "provider to swap in"});
  const swap = element("button", {"class": "swap"}, "Swap");
  swap.onclick = () => act(run.id, "swap", {concept: concept.value, name: name.value});
  td.append(pause, resume, cycles, step, stop, element("br"), concept, name, swap);
  return td;
}

// A run's row is made once and its cells updated in place on every poll, so that what a user
// types into its inputs (and a test's handle on them) survives the polling.
function runRow(run) {
  const tr = element("tr", {"data-run": run.id});
  const id = element("button", {"class": "link select"}, run.id);
  id.onclick = () => { selectedRun = run.id; refresh(); };
  const first = element("td");
  first.appendChild(id);
  const bar = element("span", {"class": "bar"});
  bar.appendChild(element("span", {"class": "fill"}));
  const progress = element("td", {"class": "progress"});
  progress.append(bar, element("span", {"class": "percent"}));
  tr.append(first, element("td", {"class": "experiment"}, run.experiment), element("td", {"class": "state"}), progress,
    element("td", {"class": "number points"}), element("td", {"class": "number saturated"}),
    element("td", {"class": "number failed"}), element("td", {"class": "number eta"}),
    element("td", {"class": "active"}), controls(run));
  return tr;
}

function updateRow(tr, run) {
  const cell = name => tr.querySelector("td." + name);
  const setText = (name, text) => {
    const c = cell(name);
    if (c.textContent !== String(text)) {
      c.textContent = text;
    }
  };
  setText("state", run.state + (run.error ? ": " + run.error : ""));
  const percent = Math.round(run.progress * 100);
  tr.querySelector(".fill").style.width = percent + "%";
  tr.querySelector(".percent").textContent = " " + percent + " %";
  setText("points", run.pointsFinished + " / " + run.pointsTotal);
  setText("saturated", run.pointsSaturated);
  setText("failed", run.pointsFailed);
  setText("eta", duration(run.etaSeconds));
  cell("active").replaceChildren(...run.active.map(p => element("div", {"class": "cycle", "data-cycle": p.cycle},
    p.point + ": cycle " + p.cycle.toLocaleString("en") + (p.phase ? ", " + p.phase : "") + (p.paused ? " (paused)" : ""))));
  const live = run.state === "running" || run.state === "paused";
  tr.querySelector("button.pause").disabled = run.state !== "running";
  tr.querySelector("button.resume").disabled = run.state !== "paused";
  tr.querySelector("button.step").disabled = run.state !== "paused";
  tr.querySelector("button.stop").disabled = !live;
  tr.querySelector("button.swap").disabled = run.state !== "paused";
}

function renderRuns(runs) {
  const tbody = document.querySelector("#runs tbody");
  document.getElementById("no-runs").hidden = runs.length > 0;
  const rows = {};
  for (const tr of tbody.querySelectorAll("tr")) {
    rows[tr.getAttribute("data-run")] = tr;
  }
  runs.forEach((run, i) => {
    let tr = rows[run.id];
    if (tr === undefined) {
      tr = runRow(run);
    }
    if (tbody.children[i] !== tr) {
      tbody.insertBefore(tr, tbody.children[i] || null);
    }
    updateRow(tr, run);
    delete rows[run.id];
  });
  Object.values(rows).forEach(tr => tr.remove());
  if (selectedRun === null && runs.length > 0) {
    selectedRun = runs[runs.length - 1].id;
  }
}

function scale(values, size, pad) {
  let lo = Math.min(...values), hi = Math.max(...values);
  if (!isFinite(lo)) { lo = 0; hi = 1; }
  if (lo > 0 && lo < hi / 2) { lo = 0; }
  if (hi === lo) { hi = lo + 1; }
  const map = v => pad + (v - lo) / (hi - lo) * (size - 2 * pad);
  map.lo = lo;
  map.hi = hi;
  return map;
}

function label(v) {
  return Math.abs(v) >= 1000 ? Math.round(v).toLocaleString("en") : Number(v.toPrecision(3)).toString();
}

function svgElement(tag, attributes, text) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attributes)) {
    e.setAttribute(k, v);
  }
  if (text !== undefined) {
    e.textContent = text;
  }
  return e;
}

function chart(svg, series, xKey, yKey, xLabel, yLabel) {
  const width = Number(svg.getAttribute("width")), height = Number(svg.getAttribute("height")), pad = 56;
  const all = series.flatMap(s => s.points.filter(p => p[yKey] !== undefined));
  const x = scale(all.map(p => p[xKey]), width, pad);
  const yRaw = scale(all.map(p => p[yKey]), height, pad);
  const y = v => height - yRaw(v);
  const nodes = [svgElement("line", {x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, stroke: "#555"}),
    svgElement("line", {x1: pad, y1: pad, x2: pad, y2: height - pad, stroke: "#555"}),
    svgElement("text", {x: width / 2, y: height - 10, "text-anchor": "middle", "font-size": 12}, xLabel),
    svgElement("text", {x: 14, y: height / 2, "text-anchor": "middle", "font-size": 12,
      transform: "rotate(-90 14 " + height / 2 + ")"}, yLabel)];
  for (const [v, anchor, px, py] of [[x.lo, "start", pad, height - pad + 14], [x.hi, "end", width - pad, height - pad + 14]]) {
    nodes.push(svgElement("text", {x: px, y: py, "text-anchor": anchor, "font-size": 11}, label(v)));
  }
  for (const [v, py] of [[yRaw.lo, height - pad], [yRaw.hi, pad]]) {
    nodes.push(svgElement("text", {x: pad - 4, y: py, "text-anchor": "end", "font-size": 11}, label(v)));
  }
  series.forEach((s, i) => {
    const colour = colours[i % colours.length];
    const points = s.points.filter(p => p[yKey] !== undefined);
    if (points.length > 1) {
      nodes.push(svgElement("polyline", {fill: "none", stroke: colour, "stroke-width": 1.5,
        points: points.map(p => x(p[xKey]) + "," + y(p[yKey])).join(" ")}));
    }
    for (const p of points) {
      const dot = svgElement("circle", {cx: x(p[xKey]), cy: y(p[yKey]), r: p.saturated ? 4 : 3,
        fill: p.saturated ? "#fff" : colour, stroke: colour, "class": "point", "data-point": p.point});
      dot.appendChild(svgElement("title", {}, s.pattern + " / " + s.scheme + ": " + p.point));
      nodes.push(dot);
    }
  });
  svg.replaceChildren(...nodes);
}

function renderCurves(curves) {
  document.getElementById("curves-run").textContent = curves ? "of run " + curves.id : "";
  const series = curves ? curves.series : [];
  document.getElementById("no-curves").hidden = series.length > 0;
  chart(document.getElementById("chart-latency"), series, "accepted", "latency", "accepted (flits/node/cycle)",
    "average latency (cycles)");
  chart(document.getElementById("chart-throughput"), series, "offered", "accepted", "offered (flits/node/cycle)",
    "accepted (flits/node/cycle)");
  const legend = document.getElementById("legend");
  legend.replaceChildren(...series.map((s, i) => {
    const li = element("li");
    li.append(element("i", {style: "background:" + colours[i % colours.length]}), s.pattern + " / " + s.scheme);
    return li;
  }));
}

function renderCatalogue(catalogue) {
  const text = JSON.stringify(catalogue);
  if (text === catalogueText) {
    return;
  }
  catalogueText = text;
  const list = document.getElementById("catalogue-list");
  const open = new Set([...list.querySelectorAll("details[open]")].map(d => d.getAttribute("data-concept")));
  list.replaceChildren(...catalogue.concepts.map(c => {
    const details = element("details", {"class": "concept", "data-concept": c.concept});
    details.open = open.has(c.concept);
    details.appendChild(element("summary", {}, c.concept + " (" + c.providers.length + ")"));
    const table = element("table");
    table.appendChild(element("tr")).append(element("th", {}, "name"), element("th", {}, "bundle"),
      element("th", {}, "parameters"));
    for (const p of c.providers) {
      const tr = element("tr", {"data-provider": c.concept + "/" + p.name});
      const name = element("td");
      name.append(element("strong", {}, p.name), element("br"), p.description);
      const params = element("td");
      for (const q of p.parameters) {
        params.appendChild(element("div", {}, q.name + " (" + q.type + (q["default"] !== null ? ", default " + q["default"] : "")
          + (q.range ? ", " + q.range : "") + ")" + (q.description ? ": " + q.description : "")));
      }
      tr.append(name, element("td", {}, p.bundle + " " + p.version), params);
      table.appendChild(tr);
    }
    details.appendChild(table);
    return details;
  }));
}

async function refresh() {
  try {
    const runs = await call("GET", "/runs");
    renderRuns(runs);
    if (selectedRun !== null) {
      renderCurves(await call("GET", "/runs/" + encodeURIComponent(selectedRun) + "/curves"));
    } else {
      renderCurves(null);
    }
  } catch (e) {
    say("the console cannot reach the launcher: " + e.message, true);
  }
}

async function refreshCatalogue() {
  try {
    renderCatalogue(await call("GET", "/catalogue"));
  } catch (e) {
    say("the console cannot read the catalogue: " + e.message, true);
  }
}

document.getElementById("start-form").addEventListener("submit", async event => {
  event.preventDefault();
  const body = {file: document.getElementById("start-file").value,
    paused: document.getElementById("start-paused").checked};
  const out = document.getElementById("start-out").value;
  if (out) {
    body.out = out;
  }
  try {
    const answer = await call("POST", "/runs", body);
    selectedRun = answer.id;
    say(answer.message, false);
  } catch (e) {
    say(e.message, true);
  }
  refresh();
});

refresh();
refreshCatalogue();
setInterval(refresh, 1000);
setInterval(refreshCatalogue, 3000);
