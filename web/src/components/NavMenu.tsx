import { useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';

/**
 * Links grouped under one button in a navigation bar (a disclosure): the button opens and closes the list; following
 * a link, Escape, or focus or a click going elsewhere closes it. Following a link or Escape hands focus back to the
 * button, so the keyboard does not start again from the page's top when the chosen link disappears with its list.
 */
export function NavMenu({ label, links, className }: { label: string; links: Array<{ to: string; label: string }>; className: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  return (
    <div
      className="nav-menu"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        className={`${className} nav-menu-button${links.some((link) => pathname.startsWith(link.to)) ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      <ul
        id={listId}
        className="nav-menu-list"
        hidden={!open}
        onClick={() => {
          setOpen(false);
          button.current?.focus();
        }}
      >
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="nav-menu-link">{link.label}</NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
