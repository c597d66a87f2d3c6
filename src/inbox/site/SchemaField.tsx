import type { ReactNode } from 'react';
import { kindOf, unwrap } from './json-schema.ts';
import type { FieldProps } from './form-context.ts';
import { ObjectField } from './ObjectField.tsx';
import { ListField } from './ListField.tsx';
import { SetField } from './SetField.tsx';
import { PhotoField } from './PhotoField.tsx';
import { PhoneField } from './PhoneField.tsx';
import { HoursField } from './HoursField.tsx';
import { PriceField } from './PriceField.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { TextField } from './TextField.tsx';
import { NumberField } from './NumberField.tsx';
import { CheckField } from './CheckField.tsx';
import { ReadOnlyField } from './ReadOnlyField.tsx';

interface SchemaFieldProps extends FieldProps {
  /** Buttons of an object or list that is an item of a list, drawn under its legend. */
  actions?: ReactNode;
}

/** The field for any part of a schema, picked by what the schema describes. */
export function SchemaField({ actions, ...props }: SchemaFieldProps) {
  const field = { ...props, schema: unwrap(props.schema) };
  switch (kindOf(field.schema)) {
    case 'photo':
      return <PhotoField {...field} />;
    case 'phone':
      return <PhoneField {...field} />;
    case 'hours':
      return <HoursField {...field} />;
    case 'price':
      return <PriceField {...field} />;
    case 'object':
    case 'variant':
      return <ObjectField {...field} actions={actions} />;
    case 'list':
      return <ListField {...field} actions={actions} />;
    case 'set':
      return <SetField {...field} />;
    case 'choice':
      return <ChoiceField {...field} />;
    case 'text':
      return <TextField {...field} />;
    case 'number':
      return <NumberField {...field} />;
    case 'boolean':
      return <CheckField {...field} />;
    default:
      return <ReadOnlyField {...field} />;
  }
}
