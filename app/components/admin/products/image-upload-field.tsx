import { useState, type ChangeEvent } from "react";
import { ProductImage } from "~/components/catalog/product-image";
import { inputClass } from "~/components/ui/field";
import { IMAGE_FIELD, IMAGE_TOO_LARGE, PRODUCT_IMAGE_MAX_BYTES } from "~/domain/catalog/product-images";

/**
 * The product form's picture: a file from the computer (checked on the server by its bytes and size), shown
 * beside the image the product has now. A chosen file replaces the Image URL when the form is saved.
 */
export function ImageUploadField({ id, errors: serverErrors, currentUrl }: { id: string; errors?: string[]; currentUrl: string }) {
  // With JavaScript a file over the limit is let go at once rather than sent (the server refuses it anyway)
  const [tooLarge, setTooLarge] = useState(false);
  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    const over = Boolean(file && file.size > PRODUCT_IMAGE_MAX_BYTES);
    if (over) event.currentTarget.value = "";
    setTooLarge(over);
  }
  const errors = tooLarge ? [IMAGE_TOO_LARGE] : serverErrors;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="flex flex-wrap items-start gap-4">
      <div className="h-20 w-20 flex-none overflow-hidden rounded-md border border-slate-200 bg-slate-100">
        {currentUrl ? (
          <ProductImage url={currentUrl} alt="Current image" size={80} sizes="80px" className="h-full w-full object-cover" />
        ) : (
          <div className="grid h-full place-items-center text-center text-xs text-slate-600">No image</div>
        )}
      </div>
      <div className="min-w-60 flex-1 space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          Upload image (optional)
        </label>
        <input
          id={id}
          name={IMAGE_FIELD}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-semibold`}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId ?? `${id}-hint`}
          onChange={onChange}
        />
        {errorId ? (
          <p id={errorId} className="text-sm text-red-700">
            {errors?.[0]}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            JPEG, PNG or WebP, up to 5 MB. An uploaded image replaces the image URL when you save.
          </p>
        )}
      </div>
    </div>
  );
}
