import { useEffect, useState } from 'react';

/**
 * True while the page is being scrolled down past the header: the mobile
 * header hides then and shows again on the way up.
 */
export function useHiddenOnScrollDown(enabled: boolean, threshold = 56): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    // From the top, not window.scrollY: reading it in an effect forces the browser to
    // lay the freshly drawn page out at once, inside the first render's task.
    let last = 0;
    const handleScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < 4) return;
      setHidden(y > last && y > threshold);
      last = y;
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [enabled, threshold]);
  return hidden;
}
