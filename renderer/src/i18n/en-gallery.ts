/** English strings of the media viewer, the details dialog and the gallery's own controls. */
export const galleryEn = {
  gallery: {
    open: "Open {{prompt}}",
  },
};
