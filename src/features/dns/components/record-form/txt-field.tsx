import { useController } from 'react-hook-form'
import { TextareaField } from '@/components/form/fields'
import { Button } from '@/components/ui/button'
import { typographicQuotesFix } from '@/shared/dns/txt'
import type { RecordControl } from './record-resolver'

const TXT_HELP = (
  <>
    The text is saved as one or more strings in double quotes. Type it without quotes and they are added for you. To save
    several strings, put each one in quotes: <code className="font-mono">&quot;part one&quot; &quot;part two&quot;</code>. Quotes must
    pair up; a quote inside the text is written <code className="font-mono">\&quot;</code>. Strings longer than 255 characters are
    split automatically. Up to 2,048 characters.
  </>
)

/**
 * The TXT text. Quotes pasted from a mail or a document (“…”, '…') would be saved inside the value,
 * and a verification would fail later without a clue: the field says so and fixes it in one click.
 */
export function TxtField({ control, sameNameWarning }: { control: RecordControl; sameNameWarning?: string }) {
  const { field } = useController({ control, name: 'content' })
  const content = typeof field.value === 'string' ? field.value : ''
  const fixed = typographicQuotesFix(content)
  const quotes = fixed !== undefined && (
    <>
      These look like typographic quotes (“ ” or ‘ ’, or single quotes around the text), which would be saved as part of the text: a verification that expects the plain value
      would fail. Replace them with plain ones?{' '}
      <Button size="sm" className="mt-1" onClick={() => field.onChange(fixed)}>
        Replace with plain quotes
      </Button>
    </>
  )
  return (
    <TextareaField
      control={control}
      name="content"
      label="Text"
      required
      rows={3}
      mono
      help={TXT_HELP}
      warning={
        quotes || sameNameWarning ? (
          <>
            {sameNameWarning && <span className="block">{sameNameWarning}</span>}
            {quotes}
          </>
        ) : undefined
      }
      placeholder="v=spf1 include:_spf.example.net ~all"
    />
  )
}
