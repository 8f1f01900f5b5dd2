import { initialsOf, useCompanyBrand, type CompanyBrand } from "~/utils/company-brand";

/**
 * The business in a header: its uploaded logo (the name as its alt text), or a square of its initials and
 * its name. `label` is what the name reads as ("Acme Supplies", or "Acme Supplies Admin" in the back office);
 * `nameClassName` lets a header hide the name on narrow screens.
 */
export function CompanyMark({
  label,
  nameClassName = "truncate",
  brand: given,
  initials = true,
  logoClassName = "h-8 max-w-[10rem] md:h-10 md:max-w-[14rem]",
  logoSuffix,
}: {
  label?: string;
  nameClassName?: string;
  brand?: CompanyBrand;
  /** without a logo, the square of initials before the name (the back office's sidebar shows the name alone) */
  initials?: boolean;
  /** the logo's height and widest width */
  logoClassName?: string;
  /** a word after the logo ("Admin" in the back office) */
  logoSuffix?: string;
}) {
  const current = useCompanyBrand();
  const brand = given ?? current;
  const name = label ?? brand.shortName;
  if (brand.logo) {
    return (
      <>
        <img
          src={brand.logo.url}
          alt={brand.name}
          width={brand.logo.width}
          height={brand.logo.height}
          data-testid="company-logo"
          className={`w-auto flex-none object-contain object-left ${logoClassName}`}
        />
        {logoSuffix ? <span className={nameClassName}>{logoSuffix}</span> : null}
      </>
    );
  }
  if (!initials) return <span className={nameClassName}>{name}</span>;
  return (
    <>
      <span aria-hidden className="grid h-8 w-8 flex-none place-items-center rounded bg-brand-700 text-sm text-white">
        {initialsOf(brand.shortName)}
      </span>
      <span className={nameClassName}>{name}</span>
    </>
  );
}
