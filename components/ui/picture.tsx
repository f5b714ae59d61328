import { getImageProps, type ImageProps } from 'next/image';

import { versionedImage } from '@/lib/assets';

// next/image's sizing, srcset and lazy loading rendered as a plain <img> by the server: the Image
// component itself is client code, and these pages need none for their pictures.
export function Picture({ priority, src, ...props }: ImageProps) {
  const { props: imgProps } = getImageProps({
    ...props,
    src: typeof src === 'string' ? versionedImage(src) : src,
    priority,
  });
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- alt comes from props.
  return <img {...imgProps} fetchPriority={priority ? 'high' : imgProps.fetchPriority} />;
}
