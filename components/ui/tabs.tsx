'use client';

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import styles from './tabs.module.css';

interface Tab {
  label: string;
  content: ReactNode;
}

// WAI-ARIA tabs: arrow keys, Home and End move between tabs; Tab goes into the panel. Without
// JavaScript every panel is shown, one after the other, under its own heading.
export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setSelected(next);
    refs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown} data-tablist>
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.label}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== selected}
          tabIndex={0}
          className={styles.panel}
          data-tabpanel
        >
          {/* Visible only without JavaScript; kept for screen readers so headings stay in order. */}
          <h2 className="visually-hidden" data-tab-heading>
            {tab.label}
          </h2>
          {tab.content}
        </div>
      ))}
      <noscript>
        <style>
          {
            '[data-tablist]{display:none!important}[data-tabpanel][hidden]{display:block!important}[data-tab-heading]{position:static!important;width:auto!important;height:auto!important;margin:1rem 0!important;clip:auto!important;overflow:visible!important;white-space:normal!important}'
          }
        </style>
      </noscript>
    </div>
  );
}
