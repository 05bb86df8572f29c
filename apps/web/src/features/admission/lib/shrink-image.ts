import { limits } from "@admissions/shared";

/** Sizes tried in turn: a phone photo of 3-5 MB usually fits at the first or second. */
const attempts = [
  { longestSide: 2000, quality: 0.85 },
  { longestSide: 1600, quality: 0.8 },
  { longestSide: 1280, quality: 0.75 },
  { longestSide: 1024, quality: 0.7 },
  { longestSide: 800, quality: 0.65 },
];

/**
 * Applicants are not turned away for a photo straight off the phone: a JPEG or PNG over the upload
 * limit is redrawn smaller as a JPEG until it fits. PDFs cannot be redrawn and are left as they are.
 */
export async function shrinkImageToFit(file: File, maxBytes: number = limits.uploadMaxBytes): Promise<File> {
  if (file.size <= maxBytes || !/^image\/(jpeg|png)$/.test(file.type)) return file;
  const bitmap = await createImageBitmap(file);
  try {
    for (const attempt of attempts) {
      const scale = Math.min(1, attempt.longestSide / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      const context = canvas.getContext("2d");
      if (!context) break;
      context.fillStyle = "#fff"; // a transparent PNG would turn black as a JPEG
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", attempt.quality));
      if (blob && blob.size <= maxBytes) return new File([blob], file.name.replace(/\.\w+$/, "") + ".jpg", { type: "image/jpeg" });
    }
  } finally {
    bitmap.close();
  }
  return file;
}
