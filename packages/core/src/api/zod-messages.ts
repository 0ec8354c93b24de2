// Plain messages for the checks zod words for developers ("Invalid input: expected string, received
// number"). Rules with their own message (the spec's, section 5) keep it: this map only answers
// issues that carry none.
import { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  bigint: 'a whole number',
  date: 'a date',
};

export const configureZodMessages = () => {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type') {
        if (issue.input === undefined) return 'This field is required.';
        return `This field must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
      }
      if (issue.code === 'invalid_value' && 'values' in issue) {
        return `Choose one of: ${issue.values.map(String).join(', ')}.`;
      }
      if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}.`;
      return undefined;
    },
  });
};
