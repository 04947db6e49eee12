import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export interface TextInputProps {
  label: string;
  name?: string;
  value?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** The label kept above the field even when empty (date and time fields show their own placeholder). */
  shrinkLabel?: boolean;
  sx?: SxProps<Theme>;
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
 * MUI's TextField, which also bundles the select menu (and with it the popover and modal) that these
 * fields never use: a page with one loads none of that (My Medicine's period, issue 23 item 12).
 */
export function TextInput(props: TextInputProps) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <FormControl
      variant="outlined"
      fullWidth={props.fullWidth}
      required={props.required}
      error={props.error}
      size={props.size}
      sx={props.sx}
    >
      <InputLabel htmlFor={id} shrink={props.shrinkLabel}>
        {props.label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={props.name}
        value={props.value}
        type={props.type}
        autoComplete={props.autoComplete}
        label={props.required ? `${props.label} *` : props.label}
        notched={props.shrinkLabel}
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
