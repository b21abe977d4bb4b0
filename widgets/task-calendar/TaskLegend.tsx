import { Button, Classes, Drawer } from '@blueprintjs/core';
import { useState } from 'react';
import { taskOptions } from './taskEvents.ts';
import { taskTexts } from './texts.ts';

const t = taskTexts;

/** The colour of each task option shown, in a drawer. */
export function TaskLegend({ answer }: { answer: unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon="properties" text={t.legend} onClick={() => setOpen(true)} />
      <Drawer isOpen={open} onClose={() => setOpen(false)} title={t.legendTitle} size={400}>
        <ul className={`${Classes.DRAWER_BODY} calendar-legend`}>
          {taskOptions(answer).map((option) => (
            <li key={option._id}>
              <span className="calendar-swatch" style={{ background: option.color }} aria-hidden />
              {option.name}
            </li>
          ))}
        </ul>
      </Drawer>
    </>
  );
}
