import { InputGroup, Popover } from '@blueprintjs/core';
import { DatePicker } from '@blueprintjs/datetime';
import { es } from 'date-fns/locale';
import { useRef, useState, type KeyboardEvent } from 'react';
import { texts } from '../../texts.ts';
import { dayToLocalDate, dayToText, localDateToDay, textToDay, type DayRange, type IsoDay } from '../../../core/filters/dates.ts';

export interface DayInputProps {
  day: IsoDay | null;
  /** Text typed earlier that names no allowed day, shown until corrected. */
  typed: string | undefined;
  /** A new day (typed or picked), or the typed text that names none. */
  onChange(day: IsoDay | null, typed: string | undefined): void;
  /** The days typing accepts; the picker offers up to `pickerMax`. */
  bounds: DayRange;
  pickerMax: IsoDay;
  inputId?: string | undefined;
  label: string;
  role?: 'combobox' | undefined;
}

const inBounds = (day: IsoDay, { from, to }: DayRange) => day >= from && day <= to;

/**
 * A DD/MM/YYYY text box with a calendar under it. Unlike Blueprint's DateInput it keeps a wrong text
 * (the form says what is wrong beside the field), and Escape closes only its calendar.
 */
export function DayInput({ day, typed, onChange, bounds, pickerMax, inputId, label, role }: DayInputProps) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<string>();
  const content = useRef<HTMLDivElement>(null);
  const shown = editing ?? typed ?? dayToText(day);

  const edit = (text: string) => {
    setEditing(text);
    const next = textToDay(text);
    if (text.trim() === '') onChange(null, undefined);
    else if (next && inBounds(next, bounds)) onChange(next, undefined);
  };
  const leave = (text: string) => {
    setEditing(undefined);
    const next = textToDay(text);
    if (text.trim() !== '' && !(next && inBounds(next, bounds))) onChange(day, text);
  };
  const pick = (date: Date | null, isUserChange: boolean) => {
    if (!isUserChange) return;
    const next = localDateToDay(date);
    const monthChanged = !!next && !!day && next.slice(0, 7) !== day.slice(0, 7);
    setEditing(undefined);
    onChange(next, undefined);
    // Moving through the months keeps the calendar open; a click on a day closes it.
    if (!monthChanged) setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && open) {
      // Only the calendar closes: the drawer or panel around it stays open with its edits.
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Enter' && editing !== undefined) {
      leave(editing);
    }
  };

  return (
    <Popover
      isOpen={open}
      autoFocus={false}
      enforceFocus={false}
      placement="bottom-start"
      minimal
      fill
      targetTagName="div"
      onInteraction={(next) => {
        if (!next) setOpen(false);
      }}
      content={
        <div ref={content} role="dialog" aria-label={label}>
          <DatePicker
            locale={es}
            // A typed day the calendar may not offer (after today, say) is refused by the form, not shown by the calendar.
            value={dayToLocalDate(day && inBounds(day, { from: bounds.from, to: pickerMax }) ? day : null)}
            minDate={dayToLocalDate(bounds.from)!}
            maxDate={dayToLocalDate(pickerMax)!}
            highlightCurrentDay
            canClearSelection={false}
            onChange={pick}
          />
        </div>
      }
    >
      <InputGroup
        id={inputId}
        role={role}
        aria-label={label}
        aria-invalid={typed !== undefined}
        intent={typed !== undefined ? 'danger' : 'none'}
        autoComplete="off"
        placeholder={texts.filters.dayPlaceholder}
        value={shown}
        fill
        onFocus={() => setOpen(true)}
        onClick={(event) => {
          // The popover's own target click would toggle it closed again.
          event.stopPropagation();
          setOpen(true);
        }}
        onChange={(event) => edit(event.currentTarget.value)}
        onBlur={(event) => {
          leave(event.currentTarget.value);
          if (!content.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
        onKeyDown={onKeyDown}
      />
    </Popover>
  );
}
