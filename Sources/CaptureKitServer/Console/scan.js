// The console's Scan page: a photo (dropped or chosen) or camera frames go to POST /v1/documents/scan;
// the answer's outline is drawn over the picture, its detection status shown as the BlinkIDUX
// instruction, and its fields, barcode and images listed. No build step, no dependency.

/** BlinkIDUX's English instruction for each detection status (Localizable.xcstrings). */
const instructions = {
  failed: "Scan the front side",
  success: "Keep document and phone still",
  cameraTooFar: "Move closer",
  cameraTooClose: "Move farther",
  cameraAngleTooSteep: "Keep document parallel with the phone",
  documentTooCloseToCameraEdge: "Move the document from the edge",
  documentPartiallyVisible: "Keep document fully visible",
};
const scannedText = "Document scanned";
const framesPerSecond = 2.5;

const $ = (id) => document.getElementById(id);
const keyInput = $("api-key");
const statusLine = $("status");
const canvas = $("preview");
const video = $("camera");
keyInput.value = sessionStorage.getItem("capturekit.apiKey") ?? "";
keyInput.addEventListener("change", () => sessionStorage.setItem("capturekit.apiKey", keyInput.value.trim()));

function setStatus(text, done = false) {
  statusLine.textContent = text;
  statusLine.classList.toggle("done", done);
}

/** Sends one image (a Blob) and returns the parsed answer, or throws with the API's message. */
async function scan(blob) {
  const key = keyInput.value.trim();
  if (!key) throw new Error("Enter a customer API key first.");
  const params = new URLSearchParams({ mode: $("mode").value, images: "true" });
  const response = await fetch(`/v1/documents/scan?${params}`, {
    method: "POST",
    headers: { "Content-Type": blob.type || "image/jpeg", Authorization: `Bearer ${key}` },
    body: blob,
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const message = answer.error?.message ?? `The server answered ${response.status}.`;
    throw new Error(message);
  }
  return answer;
}

/** Draws `source` on the canvas with the document outline of `answer` (if any). */
function draw(source, width, height, answer) {
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  context.drawImage(source, 0, 0, width, height);
  const location = answer?.documentLocation;
  if (!location) return;
  context.lineWidth = Math.max(3, width / 200);
  context.strokeStyle = answer.mrz?.valid ? "#0a7d32" : "#0b5fff";
  context.beginPath();
  const corners = [location.upperLeft, location.upperRight, location.lowerRight, location.lowerLeft];
  corners.forEach((p, i) => (i === 0 ? context.moveTo(p.x, p.y) : context.lineTo(p.x, p.y)));
  context.closePath();
  context.stroke();
}

const fieldLabels = {
  documentNumber: "Document number", documentCode: "Document code", documentType: "MRZ type",
  issuingCountry: "Issuing country", primaryName: "Surname", secondaryName: "Given names",
  nationality: "Nationality", dateOfBirth: "Date of birth", dateOfExpiry: "Date of expiry", sex: "Sex",
  optionalData1: "Optional data 1", optionalData2: "Optional data 2",
};

/** Lists the answer's fields, barcode and images. */
function show(answer) {
  $("raw").textContent = JSON.stringify(answer, (key, value) =>
    key === "images" ? "(shown above)" : value, 2);
  const fields = $("fields");
  fields.replaceChildren();
  const mrz = answer.mrz;
  $("result-empty").hidden = Boolean(mrz || answer.barcode);
  if (mrz) {
    const entries = [["MRZ check digits", mrz.valid ? "valid" : "INVALID"], ...Object.entries(fieldLabels)
      .filter(([key]) => mrz.fields[key]).map(([key, label]) => [label, mrz.fields[key]])];
    for (const [label, value] of entries) {
      const dt = document.createElement("dt");
      dt.textContent = label;
      const dd = document.createElement("dd");
      dd.textContent = value;
      dd.dataset.field = label;
      fields.append(dt, dd);
    }
  }
  $("barcode").textContent = answer.barcode
    ? JSON.stringify(answer.barcode.aamva ?? answer.barcode.rawPayload, null, 2) : "none";
  const images = $("images");
  images.replaceChildren();
  for (const [name, data] of Object.entries(answer.images ?? {})) {
    if (!data) continue;
    const img = document.createElement("img");
    img.src = `data:image/jpeg;base64,${data}`;
    img.alt = { firstDocument: "Document, first side", secondDocument: "Document, second side",
                face: "Face photo", signature: "Signature" }[name] ?? name;
    images.append(img);
  }
}

function statusText(answer) {
  if (answer.mrz?.valid || answer.barcode) return [scannedText, true];
  return [instructions[answer.detectionStatus] ?? instructions.failed, false];
}

/** Scans a chosen or dropped file. */
async function scanFile(file) {
  if (!file) return;
  if (!["image/jpeg", "image/png"].includes(file.type)) {
    setStatus("Choose a JPEG or PNG photo.");
    return;
  }
  stopCamera();
  setStatus("Scanning…");
  const bitmap = await createImageBitmap(file);
  try {
    const answer = await scan(file);
    draw(bitmap, bitmap.width, bitmap.height, answer);
    show(answer);
    setStatus(...statusText(answer));
  } catch (error) {
    draw(bitmap, bitmap.width, bitmap.height, null);
    setStatus(error.message);
  }
}

const dropZone = $("drop-zone");
const picker = $("photo");
dropZone.addEventListener("click", () => picker.click());
dropZone.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") { event.preventDefault(); picker.click(); }
});
dropZone.addEventListener("dragover", (event) => { event.preventDefault(); dropZone.classList.add("over"); });
dropZone.addEventListener("dragleave", () => dropZone.classList.remove("over"));
dropZone.addEventListener("drop", (event) => {
  event.preventDefault();
  dropZone.classList.remove("over");
  scanFile(event.dataTransfer.files[0]);
});
picker.addEventListener("change", () => {
  const file = picker.files[0];
  picker.value = "";  // so that choosing the same file again scans it again
  scanFile(file);
});

// Camera: a few frames a second, one request at a time, until the document is read.
let stream = null;
let timer = null;
let inFlight = false;

async function startCamera() {
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment", width: 1280 } });
  } catch (error) {
    setStatus(`The camera is not available: ${error.message}`);
    return;
  }
  video.srcObject = stream;
  await video.play();
  $("camera-start").disabled = true;
  $("camera-stop").disabled = false;
  setStatus(instructions.failed);
  timer = setInterval(sendFrame, 1000 / framesPerSecond);
}

function stopCamera() {
  clearInterval(timer);
  timer = null;
  stream?.getTracks().forEach((track) => track.stop());
  stream = null;
  $("camera-start").disabled = false;
  $("camera-stop").disabled = true;
}

async function sendFrame() {
  if (inFlight || !video.videoWidth) return;
  inFlight = true;
  const width = video.videoWidth;
  const height = video.videoHeight;
  const frame = new OffscreenCanvas(width, height);
  frame.getContext("2d").drawImage(video, 0, 0, width, height);
  try {
    const blob = await frame.convertToBlob({ type: "image/jpeg", quality: 0.85 });
    const answer = await scan(blob);
    draw(video, width, height, answer);
    const [text, done] = statusText(answer);
    setStatus(text, done);
    if (done) {
      show(answer);
      stopCamera();
    }
  } catch (error) {
    setStatus(error.message);
  } finally {
    inFlight = false;
  }
}

$("camera-start").addEventListener("click", startCamera);
$("camera-stop").addEventListener("click", stopCamera);
