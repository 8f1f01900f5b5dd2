import { productImageSources } from "~/domain/catalog/product-images";

/**
 * A product's picture. Our own stored images offer their square renditions through `srcSet`/`sizes`;
 * an external image URL shows as it is. Both carry width and height (the tile's size) so the page does not
 * move as pictures arrive. Pictures below the fold load lazily; the first row and a product page's main
 * picture pass `eager`.
 */
export function ProductImage({
  url,
  alt,
  size,
  sizes,
  eager = false,
  className,
}: {
  url: string;
  alt: string;
  /** the width (and height) the picture is shown at, in CSS pixels */
  size: number;
  /** how wide the picture is shown, for the browser to choose a rendition, e.g. "(min-width: 640px) 25vw, 50vw" */
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const { src, srcSet } = productImageSources(url, size);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      decoding={eager ? undefined : "async"}
      className={className}
    />
  );
}
