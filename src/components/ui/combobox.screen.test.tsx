import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Combobox } from './combobox'

const FRUIT = ['apple', 'banana', 'cherry', 'damson']

/** The combobox as a caller uses it: filters a fixed list by the typed text; a pick is shown below. */
function Harness({ onSubmit }: { onSubmit?: () => void }) {
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [picked, setPicked] = useState('')
  const [escapes, setEscapes] = useState(0)
  const options = FRUIT.filter((f) => f.includes(text))
  return (
    // The form counts submits (Enter in the combobox must not submit) and Escapes that reach it (they must not, while the list is open).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit?.()
      }}
      onKeyDown={(e) => e.key === 'Escape' && setEscapes((n) => n + 1)}
    >
      <label htmlFor="fruit">Fruit</label>
      <Combobox
        options={options}
        optionKey={(f) => f}
        renderOption={(f) => f}
        onPick={(f) => {
          setPicked(f)
          setText('')
          setOpen(false)
        }}
        text={text}
        onTextChange={setText}
        open={open}
        onOpenChange={setOpen}
        listLabel="Fruit"
        status={`${options.length} match`}
        inputProps={{ id: 'fruit' }}
      />
      <output>picked: {picked}</output>
      <output>escapes: {escapes}</output>
      <button type="button">Elsewhere</button>
    </form>
  )
}

afterEach(cleanup)

describe('the combobox, by keyboard', () => {
  it('opens on focus, moves with arrows and Home/End, points at the highlighted option and picks it with Enter', async () => {
    const user = userEvent.setup()
    let submits = 0
    render(<Harness onSubmit={() => submits++} />)
    const box = screen.getByRole('combobox', { name: 'Fruit' })
    await user.click(box)
    expect(box.getAttribute('aria-expanded')).toBe('true')
    const list = screen.getByRole('listbox', { name: 'Fruit' })
    expect(box.getAttribute('aria-controls')).toBe(list.id)
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.textContent
    expect(active()).toBe('apple')

    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(active()).toBe('cherry')
    expect(screen.getByRole('option', { name: 'cherry' }).getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{ArrowUp}')
    expect(active()).toBe('banana')
    await user.keyboard('{End}')
    expect(active()).toBe('damson')
    await user.keyboard('{ArrowDown}') // stays on the last
    expect(active()).toBe('damson')
    await user.keyboard('{Home}')
    expect(active()).toBe('apple')

    // Typing filters and highlights the first match; Enter picks it and does not submit the form.
    await user.type(box, 'an')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['banana'])
    expect(box.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(box.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe('1 match')
    await user.keyboard('{Enter}')
    expect(screen.getByText('picked: banana')).toBeTruthy()
    expect(submits).toBe(0)
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(box.getAttribute('aria-activedescendant')).toBeNull()

    // ArrowDown opens a closed list again.
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('listbox')).toBeTruthy()
  })

  it('Escape closes the list only (it does not reach the form or dialog around); Tab out closes it too', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const box = screen.getByRole('combobox', { name: 'Fruit' })
    await user.click(box)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(screen.getByText('escapes: 0')).toBeTruthy()
    expect(document.activeElement).toBe(box)
    // With the list closed, Escape is the surroundings' again (a dialog closes).
    await user.keyboard('{Escape}')
    expect(screen.getByText('escapes: 1')).toBeTruthy()

    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('listbox')).toBeTruthy()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
