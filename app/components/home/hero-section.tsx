import { Carousel, type Slide } from "~/components/carousel";
import { Dialog } from "~/components/ui/dialog-on-demand";
import { PLACEHOLDER_IMAGE, SafeImage } from "~/components/ui/safe-image";
import { useUrlDialog } from "~/hooks/use-url-dialog";
import { useT } from "~/i18n/use-t";

export type HeroImage = { id: number; filePath: string };

const HERO_ROTATION_MS = 5000;
/** The photos fill the page's width; the home page preloads the first at this size. */
export const HERO_IMAGE_SIZES = "100vw";

export function HeroSection({ images }: { images: HeroImage[] }) {
  const { t } = useT();
  const gallery = useUrlDialog("gallery");
  const total = images.length;
  const slides: Slide[] = total
    ? images.map((image, i) => ({ src: image.filePath, alt: t("hero.image_alt", undefined, { n: i + 1, total }) }))
    : [{ src: PLACEHOLDER_IMAGE, alt: t("hero.placeholder_alt") }];

  return (
    <section aria-labelledby="hero-title" className="relative isolate bg-brand-900">
      {/* The photos fill the hero however tall its text makes it (long Spanish texts on a phone). */}
      <div className="absolute inset-0">
        <Carousel
          slides={slides}
          intervalMs={HERO_ROTATION_MS}
          label={t("hero.carousel_label")}
          labels={{
            previous: t("hero.previous"),
            next: t("hero.next"),
            goTo: (n) => t("hero.go_to_slide", undefined, { n }),
            pause: t("hero.pause"),
            play: t("hero.play"),
            slide: (n, all) => t("hero.image_alt", undefined, { n, total: all }),
          }}
          className="h-full"
          arrows="low-on-phones"
          width={1200}
          height={800}
          sizes={HERO_IMAGE_SIZES}
          eager
          wrapSlide={(image) => (
            <a
              href={gallery.openHref("1")}
              onClick={(event) => {
                event.preventDefault();
                gallery.open("1");
              }}
              aria-label={t("hero.open_gallery")}
              className="focus-ring-inset block h-full w-full"
            >
              {image}
            </a>
          )}
        />
      </div>
      <div className="pointer-events-none absolute inset-0 bg-gradient-to-r from-slate-950/80 via-slate-950/55 to-slate-950/10" />
      {/* In the flow, so the hero is at least its old height and grows with the text; the
          bottom padding on phones keeps the text clear of the carousel's control row. */}
      <div className="pointer-events-none relative flex min-h-[460px] items-center sm:min-h-[540px]">
        <div className="mx-auto w-full max-w-7xl px-4 pb-14 pt-8 sm:px-6 sm:py-16 lg:px-8">
          {/* 30 px below 400 px wide: the longest Spanish word ("manufacturadas") fits a 320 px phone. */}
          <h1 id="hero-title" className="max-w-2xl text-3xl font-bold tracking-tight text-white min-[400px]:text-4xl sm:text-5xl">
            {t("hero.title")}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-100">{t("hero.subtitle")}</p>
          <div className="pointer-events-auto mt-8 flex flex-wrap gap-3">
            <a href="#properties" className="inline-flex h-12 items-center rounded-md bg-accent-500 px-5 font-semibold text-slate-900 hover:bg-accent-400">
              {t("hero.cta_homes")}
            </a>
            <a href="#contact" className="inline-flex h-12 items-center rounded-md border border-white/80 px-5 font-semibold text-white hover:bg-white/10">
              {t("hero.cta_contact")}
            </a>
          </div>
        </div>
      </div>

      <Dialog open={gallery.value === "1"} title={t("gallery.title")} onClose={gallery.close} closeHref={gallery.closeHref} size="xl">
        {total ? (
          <>
            <p className="mb-4 text-sm text-slate-600">
              {t("gallery.count", total === 1 ? "{{count}} image in gallery" : "{{count}} images in gallery", { count: total })}
            </p>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {images.map((image, i) => (
                <li key={image.id} className="overflow-hidden rounded-lg bg-slate-100">
                  <SafeImage
                    src={image.filePath}
                    alt={t("hero.image_alt", undefined, { n: i + 1, total })}
                    width={600}
                    height={400}
                    sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
                    loading="lazy"
                    className="aspect-[3/2] h-auto w-full object-cover"
                  />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="py-8 text-center text-slate-600">{t("gallery.empty")}</p>
        )}
      </Dialog>
    </section>
  );
}
