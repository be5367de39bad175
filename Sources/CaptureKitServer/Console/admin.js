// The console's Admin page: creates customers, API keys and licences, publishes catalogue frames and
// shows the engine and HTTP metrics, all through the admin API with the admin token. No build step.

const $ = (id) => document.getElementById(id);
const tokenInput = $("admin-token");
tokenInput.value = sessionStorage.getItem("capturekit.adminToken") ?? "";
tokenInput.addEventListener("change", () => {
  sessionStorage.setItem("capturekit.adminToken", tokenInput.value.trim());
  refreshMetrics();
});

/** Calls the admin API; returns the JSON answer or throws with the API's message. */
async function admin(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { Authorization: `Bearer ${tokenInput.value.trim()}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error?.message ?? `The server answered ${response.status}.`);
  return answer;
}

function list(target, entries) {
  target.replaceChildren();
  for (const [label, value] of entries) {
    const dt = document.createElement("dt");
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.textContent = value;
    dd.dataset.field = label;
    target.append(dt, dd);
  }
}

$("customer-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const status = $("customer-status");
  status.textContent = "Creating…";
  try {
    const customer = await admin("POST", "/v1/admin/customers", { name: $("customer-name").value.trim() });
    const key = await admin("POST", `/v1/admin/customers/${customer.id}/api-keys`, { mode: "live" });
    const entries = [["Customer id", customer.id], ["API key (shown once)", key.apiKey]];
    const licences = [
      ["licence-blinkid", { product: "blinkid", bundleIds: ["*"], features: ["mrz", "barcode"] }],
      ["licence-fbx", { product: "fbx", bundleIds: ["*"], features: ["tryon", "pd"] }],
      ["licence-fortface", { product: "fortface", bundleIds: ["*"] }],
    ];
    for (const [id, request] of licences) {
      if (!$(id).checked) continue;
      const licence = await admin("POST", `/v1/admin/customers/${customer.id}/licenses`, request);
      entries.push([`Licence ${request.product}`, licence.id]);
    }
    list($("customer-result"), entries);
    status.textContent = "Customer created. Copy the API key now: it is not shown again.";
  } catch (error) {
    status.textContent = error.message;
  }
});

$("frame-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const status = $("frame-status");
  const [lens, bridge, temple] = $("frame-sizes").value.split("-").map(Number);
  try {
    await admin("POST", "/v1/admin/frames", { frames: [{
      sku: $("frame-sku").value.trim(), name: $("frame-name").value.trim(), lensWidthMm: lens,
      bridgeWidthMm: bridge, templeLengthMm: temple,
      colors: [{ name: "Main", hex: $("frame-colour").value.toUpperCase() }], assets: [],
    }] });
    status.textContent = `Frame ${$("frame-sku").value.trim()} published.`;
  } catch (error) {
    status.textContent = error.message;
  }
});

/** Shows the engine and HTTP counters of /metrics (the admin token is accepted there). */
async function refreshMetrics() {
  if (!tokenInput.value.trim()) return;
  const response = await fetch("/metrics", { headers: { Authorization: `Bearer ${tokenInput.value.trim()}` } });
  if (!response.ok) {
    $("metrics-status").textContent = `Metrics refused (${response.status}).`;
    return;
  }
  const lines = (await response.text()).split("\n")
    .filter((line) => /^capturekit_(engine_requests_total|engine_queue|http_requests_total|fortface_handshakes_total)/.test(line));
  $("metrics").textContent = lines.join("\n");
  $("metrics-status").textContent = `Updated ${new Date().toLocaleTimeString()}.`;
}

refreshMetrics();
setInterval(refreshMetrics, 5000);
