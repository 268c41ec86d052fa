import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode, type Ref } from 'react'
import { cn } from '@/lib/format'

/**
 * A text box with a list of suggestions (the WAI-ARIA combobox pattern): focus stays in the input,
 * which is `role="combobox"` and points at the highlighted option with `aria-activedescendant`;
 * ArrowDown opens the list or moves down, ArrowUp moves up, Home/End jump, Enter picks the highlighted
 * option (and never submits a form around it), Escape closes the list (and only the list: a dialog
 * around stays open). Moving focus out of the whole widget closes it. The pointer can hover and click.
 *
 * What the options are, how they are asked for and what picking does belong to the caller.
 *
 * `inFlow` puts the list in the page's flow instead of floating over what follows: inside a dialog
 * its scrolling body grows to hold the list, which is scrolled into view above the dialog's footer
 * (a floating list there opened under the footer, out of reach on a phone).
 */
export interface ComboboxProps<T> {
  options: readonly T[]
  optionKey: (option: T) => string
  renderOption: (option: T, state: { active: boolean; selected: boolean }) => ReactNode
  onPick: (option: T) => void
  text: string
  onTextChange: (text: string) => void
  open: boolean
  onOpenChange: (open: boolean) => void
  /** aria-selected of each option; without it the highlighted option is the selected one (single choice). */
  isSelected?: (option: T) => boolean
  multiselectable?: boolean
  /** The list's name: the id of a visible or sr-only label, or a text. */
  listLabelledBy?: string
  listLabel?: string
  /** The line under the list (searching, nothing found, how many match); read out when it changes. */
  status?: ReactNode
  /** Attributes of the input: its id and label wiring, placeholder, disabled, class. */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onKeyDown' | 'role'>
  inputRef?: Ref<HTMLInputElement>
  /** Keys the combobox does not use itself (Backspace on an empty box, for instance). */
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void
  /** Escape pressed, or focus left the widget: the list is closing. */
  onDismiss?: () => void
  /** Focus left the whole widget. */
  onLeave?: () => void
  /** What sits in the box before the input (an icon, chosen items); the box gets `boxClassName`. */
  before?: ReactNode
  boxClassName?: string
  className?: string
  inFlow?: boolean
  listClassName?: string
}

export function Combobox<T>({
  options,
  optionKey,
  renderOption,
  onPick,
  text,
  onTextChange,
  open,
  onOpenChange,
  isSelected,
  multiselectable,
  listLabelledBy,
  listLabel,
  status,
  inputProps,
  inputRef,
  onKeyDown,
  onDismiss,
  onLeave,
  before,
  boxClassName,
  className,
  inFlow,
  listClassName,
}: ComboboxProps<T>) {
  const [active, setActive] = useState(0)
  const boxRef = useRef<HTMLDivElement>(null)
  const popupRef = useRef<HTMLDivElement>(null)
  const listId = useId()
  const statusId = useId()
  const at = Math.min(active, Math.max(0, options.length - 1))
  const optionId = (i: number) => `${listId}-${i}`
  const activeId = open && options[at] ? optionId(at) : undefined

  // The highlighted option stays in sight in a long list.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' })
  }, [activeId])
  // In a dialog's scrolling body, the opened list is brought into view (above the footer).
  const count = options.length
  useEffect(() => {
    if (open && inFlow) popupRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [open, inFlow, count])

  const close = () => {
    onOpenChange(false)
    onDismiss?.()
  }
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      if (!open) onOpenChange(true)
      else setActive(Math.min(at + 1, options.length - 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      if (!open) onOpenChange(true)
      else setActive(Math.max(at - 1, 0))
    } else if ((e.key === 'Home' || e.key === 'End') && open && options.length) {
      e.preventDefault()
      setActive(e.key === 'Home' ? 0 : options.length - 1)
    } else if (e.key === 'Enter' && (open || text.trim())) {
      // Enter picks the highlighted option, or does nothing: it never submits a form around.
      e.preventDefault()
      if (open && options[at]) onPick(options[at])
    } else if (e.key === 'Escape' && open) {
      // Closes the list only: a dialog around stays open.
      e.preventDefault()
      e.stopPropagation()
      close()
    } else onKeyDown?.(e)
  }

  const input = (
    <input
      type="text"
      autoComplete="off"
      spellCheck={false}
      {...inputProps}
      ref={inputRef}
      role="combobox"
      aria-expanded={open}
      aria-controls={listId}
      aria-autocomplete="list"
      aria-activedescendant={activeId}
      aria-describedby={
        [open && status ? statusId : '', inputProps?.['aria-describedby'] ?? ''].filter(Boolean).join(' ') || undefined
      }
      value={text}
      onFocus={(e) => {
        onOpenChange(true)
        inputProps?.onFocus?.(e)
      }}
      onClick={() => onOpenChange(true)}
      onChange={(e) => {
        onTextChange(e.target.value)
        setActive(0)
        onOpenChange(true)
      }}
      onKeyDown={keyDown}
    />
  )

  return (
    <div
      ref={boxRef}
      className={cn('relative', className)}
      onBlur={(e) => {
        // Tab (or a click) out of the widget closes the list; moving between its parts does not.
        if (boxRef.current?.contains(e.relatedTarget as Node | null)) return
        if (open) close()
        onLeave?.()
      }}
    >
      {before !== undefined || boxClassName ? (
        <div className={boxClassName}>
          {before}
          {input}
        </div>
      ) : (
        input
      )}
      {open && (
        <div
          ref={popupRef}
          data-combobox-popup=""
          className={cn(
            'mt-1 w-full overflow-hidden rounded-md border border-zinc-200 bg-white shadow-lg dark:border-zinc-700 dark:bg-zinc-900',
            inFlow ? 'relative' : 'absolute top-full left-0 z-40',
          )}
        >
          <ul
            id={listId}
            role="listbox"
            aria-labelledby={listLabelledBy}
            aria-label={listLabelledBy ? undefined : listLabel}
            aria-multiselectable={multiselectable || undefined}
            className={cn('max-h-60 overflow-y-auto py-1', listClassName)}
          >
            {options.map((o, i) => {
              const selected = isSelected ? isSelected(o) : i === at
              return (
                // Options are picked by keyboard through the combobox input (arrows + Enter); the click is for the pointer.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={optionKey(o)}
                  id={optionId(i)}
                  role="option"
                  aria-selected={selected}
                  onMouseEnter={() => setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    onPick(o)
                    // A list in the flow makes its dialog taller: closed after a pointer pick, the dialog settles
                    // now, not under the pointer's next press (closing it on Save's mousedown moved Save away).
                    if (inFlow) close()
                  }}
                  className={cn(
                    'flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm',
                    i === at
                      ? 'bg-blue-50 text-blue-900 outline-2 -outline-offset-2 outline-blue-600 dark:bg-blue-950 dark:text-blue-100'
                      : 'text-zinc-800 dark:text-zinc-200',
                  )}
                >
                  {renderOption(o, { active: i === at, selected })}
                </li>
              )
            })}
          </ul>
          {status !== undefined && (
            <p
              id={statusId}
              className="flex items-center gap-2 border-t border-zinc-100 px-3 py-1.5 text-xs text-zinc-700 dark:border-zinc-800 dark:text-zinc-300"
              aria-live="polite"
            >
              {status}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
