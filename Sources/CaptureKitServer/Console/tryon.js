// The console's Try-on page: a portrait (a file or a camera snapshot) and a catalogue SKU go to
// POST /v1/eyewear/tryon; the PNG it answers (same size as the input) is shown. No build step.

const $ = (id) => document.getElementById(id);
const keyInput = $("api-key");
const statusLine = $("status");
const video = $("camera");
keyInput.value = sessionStorage.getItem("capturekit.apiKey") ?? "";
keyInput.addEventListener("change", () => sessionStorage.setItem("capturekit.apiKey", keyInput.value.trim()));

// The procedural catalogue's SKUs, offered as suggestions (any published SKU can be typed).
for (const sku of ["FBX-RND-001", "FBX-RND-002", "FBX-AVI-004", "FBX-WAY-009"]) {
  const option = document.createElement("option");
  option.value = sku;
  $("skus").append(option);
}

let lastURL = null;

async function tryOn(blob) {
  const key = keyInput.value.trim();
  const sku = $("sku").value.trim();
  if (!key || !sku) {
    statusLine.textContent = "Enter a customer API key and a SKU first.";
    return;
  }
  statusLine.textContent = "Trying the frame on…";
  const response = await fetch(`/v1/eyewear/tryon?${new URLSearchParams({ sku })}`, {
    method: "POST",
    headers: { "Content-Type": blob.type || "image/jpeg", Authorization: `Bearer ${key}` },
    body: blob,
  });
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    statusLine.textContent = answer.error?.message ?? `The server answered ${response.status}.`;
    return;
  }
  if (lastURL) URL.revokeObjectURL(lastURL);
  lastURL = URL.createObjectURL(await response.blob());
  const result = $("result");
  result.src = lastURL;
  await result.decode();
  result.hidden = false;
  statusLine.textContent = `Frame ${sku} drawn.`;
}

$("photo").addEventListener("change", () => {
  const file = $("photo").files[0];
  $("photo").value = "";  // so that choosing the same file again tries it on again
  if (file) tryOn(file);
});

let stream = null;
$("camera-start").addEventListener("click", async () => {
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user", width: 1280 } });
  } catch (error) {
    statusLine.textContent = `The camera is not available: ${error.message}`;
    return;
  }
  video.srcObject = stream;
  video.hidden = false;
  await video.play();
  $("snapshot").disabled = false;
});

$("snapshot").addEventListener("click", async () => {
  const frame = new OffscreenCanvas(video.videoWidth, video.videoHeight);
  frame.getContext("2d").drawImage(video, 0, 0);
  stream?.getTracks().forEach((track) => track.stop());
  video.hidden = true;
  $("snapshot").disabled = true;
  await tryOn(await frame.convertToBlob({ type: "image/jpeg", quality: 0.9 }));
});
