import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export interface TextInputProps {
  label: string;
  name?: string;
  value?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** The input element (react-hook-form's register gives it as ref). */
  ref?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: React.FocusEvent<HTMLInputElement>) => void;
}

/**
 * An outlined text field with its label and help text wired for screen readers. It stands in for
 * MUI's TextField, which also bundles the select menu the forms here never use.
 */
export function TextInput(props: TextInputProps) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <FormControl variant="outlined" fullWidth={props.fullWidth} required={props.required} error={props.error}>
      <InputLabel htmlFor={id}>{props.label}</InputLabel>
      <OutlinedInput
        id={id}
        name={props.name}
        value={props.value}
        type={props.type}
        autoComplete={props.autoComplete}
        label={props.required ? `${props.label} *` : props.label}
        inputRef={props.ref}
        onChange={props.onChange}
        onBlur={props.onBlur}
        endAdornment={props.endAdornment}
        inputProps={{ ...props.inputProps, 'aria-describedby': props.helperText ? helpId : undefined }}
      />
      {props.helperText ? <FormHelperText id={helpId}>{props.helperText}</FormHelperText> : null}
    </FormControl>
  );
}
