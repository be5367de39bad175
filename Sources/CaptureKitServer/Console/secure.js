// The console's Secure capture page: the Fortface flow in the browser. A handshake through the server's
// demo backend (POST /v1/demo/fortface/handshake, standing in for the customer's backend) gives a session
// and its single-use RSA key; the photo is sealed here with WebCrypto in exactly the format the Swift SDK
// writes (FortfaceWire's PayloadSealer, notes/security.md §3.3) and relayed to the documents route
// (POST /v1/demo/fortface/documents), whose classified answer is shown. No build step, no dependency.
//
// The format: `key` = RSA-OAEP (SHA-256, MGF1-SHA-256) of a fresh 32-byte AES-256 key; `data` and
// `imgData` = iv(12) ‖ ciphertext ‖ tag(16) under that key, AAD "fortface/v1/data/<sessionId>" and
// "fortface/v1/img/<sessionId>"; `data` holds the metadata JSON (sorted keys, absent fields left out)
// with the image's size and SHA-256; all three fields standard base64 with padding.

/** The largest image the API accepts (UploadLimits.maximumFileBytes). */
const maximumImageBytes = 4_194_304;
const sdkName = "capturekit-console";

const $ = (id) => document.getElementById(id);
const statusLine = $("status");
const utf8 = new TextEncoder();

function setStatus(text) {
  statusLine.textContent = text;
}

function step(id, text) {
  $(id).textContent = text;
}

/** Standard base64 (with padding) of bytes, in chunks (a 4 MiB image exceeds an argument list). */
function base64(bytes) {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The DER of an SPKI PEM (the SDK refuses any other PEM, and so does this page). */
function spkiDER(pem) {
  const lines = pem.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines[0] !== "-----BEGIN PUBLIC KEY-----" || lines.at(-1) !== "-----END PUBLIC KEY-----") {
    throw new Error("The session key is not an SPKI public key PEM.");
  }
  return Uint8Array.from(atob(lines.slice(1, -1).join("")), (c) => c.charCodeAt(0));
}

/** JSON as the SDK's JSONEncoder writes it ([.sortedKeys, .withoutEscapingSlashes]; nil left out). */
function sortedJSON(value) {
  if (Array.isArray(value)) return `[${value.map(sortedJSON).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined && value[key] !== null).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${sortedJSON(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** iv(12) ‖ ciphertext ‖ tag(16) of `plaintext` under `key` with `aad`. */
async function sealGCM(key, plaintext, aad) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: utf8.encode(aad), tagLength: 128 }, key, plaintext));
  const combined = new Uint8Array(iv.length + sealed.length);
  combined.set(iv);
  combined.set(sealed, iv.length);
  return combined;
}

/**
 * Seals `image` for `session` as the SDK's PayloadSealer does: returns `{key, data, imgData}`.
 * `capture` gives the metadata's side, expected type, mode, MIME type and timings.
 */
async function seal(session, image, capture) {
  const sessionKey = await crypto.subtle.importKey(
    "spki", spkiDER(session.sessionKey), { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
  if (sessionKey.algorithm.modulusLength < 2048) throw new Error("The session key is smaller than 2048 bits.");
  const contentKey = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, true, ["encrypt"]);
  const rawKey = new Uint8Array(await crypto.subtle.exportKey("raw", contentKey));
  const wrapped = new Uint8Array(await crypto.subtle.encrypt({ name: "RSA-OAEP" }, sessionKey, rawKey));
  rawKey.fill(0);
  const metadata = {
    v: 1, sessionId: session.sessionId, status: "success", side: capture.side,
    expectedType: capture.expectedType, mode: capture.mode, mime: capture.mime,
    imgBytes: image.length, imgSha256: hex(await crypto.subtle.digest("SHA-256", image)),
    sdk: sdkName, device: { brand: "Web", model: "Browser", platform: "web" },
    timings: { startedAt: capture.startedAt, capturedAt: capture.capturedAt }, attempts: 1,
  };
  const data = await sealGCM(contentKey, utf8.encode(sortedJSON(metadata)), `fortface/v1/data/${session.sessionId}`);
  const imgData = await sealGCM(contentKey, image, `fortface/v1/img/${session.sessionId}`);
  return { key: base64(wrapped), data: base64(data), imgData: base64(imgData) };
}

/** POSTs JSON (or nothing) to the demo backend; returns the answer or throws with the API's message. */
async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error?.message ?? `The server answered ${response.status}.`);
  return answer;
}

/** The first side's answer, which a back side names (documentId) and expects (its type). */
let front = null;

function offerBackSide(answer) {
  const side = $("side");
  side.querySelector('option[value="back"]')?.remove();
  const type = answer.providers?.fortfaceSdk?.type;
  if (!answer.documentId || !type || type === "DOCUMENT_NOT_FOUND" || type === "UNDEFINED") return;
  front = { documentId: answer.documentId, type };
  const option = document.createElement("option");
  option.value = "back";
  option.textContent = `Back of the ${type} just classified`;
  side.append(option);
}

function show(answer) {
  $("raw").textContent = JSON.stringify(answer, null, 2);
  $("result-empty").hidden = true;
  const sdk = answer.providers?.fortfaceSdk ?? {};
  const entries = [["Document type", sdk.type], ["Confidence", sdk.confidence], ["Document id", answer.documentId],
    ["Session", answer.handshake?.sessionId], ["Message", answer.message || "none"]];
  const fields = $("fields");
  fields.replaceChildren();
  for (const [label, value] of entries) {
    const dt = document.createElement("dt");
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.textContent = String(value ?? "");
    dd.dataset.field = label;
    fields.append(dt, dd);
  }
}

async function capture(file) {
  if (!file) return;
  if (!["image/jpeg", "image/png"].includes(file.type)) return setStatus("Choose a JPEG or PNG photo.");
  if (file.size > maximumImageBytes) return setStatus("The photo is larger than 4 MiB, the API's limit.");
  if (!globalThis.crypto?.subtle) {
    return setStatus("WebCrypto needs a secure context: open the console over https or on localhost.");
  }
  const startedAt = Date.now();
  const back = $("side").value === "back" && front;
  try {
    setStatus("Opening a session…");
    const session = await post("/v1/demo/fortface/handshake");
    step("step-handshake", `Handshake: session ${session.sessionId}, expires ${new Date(session.expiresAt * 1000).toLocaleTimeString()}`);
    setStatus("Sealing the photo…");
    const image = new Uint8Array(await file.arrayBuffer());
    const payload = await seal(session, image, {
      side: back ? "back" : "front", expectedType: back ? front.type : undefined, mode: "upload",
      mime: file.type, startedAt, capturedAt: Date.now(),
    });
    step("step-seal", `Sealed payload: key ${payload.key.length}, data ${payload.data.length}, imgData ${payload.imgData.length} base64 characters`);
    setStatus("Uploading…");
    const answer = await post("/v1/demo/fortface/documents", {
      sessionId: session.sessionId, ...payload, ...(back ? { documentId: front.documentId } : {}),
    });
    step("step-upload", `Upload and classification: ${answer.providers?.fortfaceSdk?.type ?? "answered"}`);
    show(answer);
    if (back) {
      front = null;
      $("side").querySelector('option[value="back"]')?.remove();
    } else {
      offerBackSide(answer);
    }
    setStatus(`Classified: ${answer.providers?.fortfaceSdk?.type ?? "unknown"}`);
  } catch (error) {
    setStatus(error.message);
  }
}

$("photo").addEventListener("change", () => {
  const file = $("photo").files[0];
  $("photo").value = "";  // so that choosing the same file again captures it again
  capture(file);
});
