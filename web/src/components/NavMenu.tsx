import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';

/**
 * Links grouped under one button in a navigation bar (a disclosure): the button opens and closes the list; Escape,
 * a click elsewhere or following a link closes it, and Escape hands focus back to the button.
 */
export function NavMenu({ label, links, className }: { label: string; links: Array<{ to: string; label: string }>; className: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const holdsCurrent = links.some((link) => pathname.startsWith(link.to));

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);

  return (
    <div
      className="nav-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        className={`${className} nav-menu-button${holdsCurrent ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      <ul id={listId} className="nav-menu-list" hidden={!open} onClick={() => setOpen(false)}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="nav-menu-link">{link.label}</NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
