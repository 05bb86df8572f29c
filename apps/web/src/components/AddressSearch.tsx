import { Input, type GetProps } from "antd";
import { useState } from "react";

type SearchProps = Omit<GetProps<typeof Input.Search>, "value" | "defaultValue" | "onChange" | "onSearch" | "allowClear">;

/**
 * A list's search box whose term lives in the page's address: it shows what is typed until the search
 * is sent, and the address's term whenever that changes (Back, a link). Given the address's term only
 * as it mounted, a box went on showing the last term typed after Back; remounted at each change of
 * the address, it lost the focus the moment a search was sent. Its own search reaching the address
 * leaves alone what was typed meanwhile: the address changes once the list has answered, and a term
 * typed before then was overwritten with the one sent. `onSearch` gets the trimmed term, or
 * undefined for none.
 */
export function AddressSearch({ term, onSearch, ...searchProps }: SearchProps & { term: string; onSearch: (term: string | undefined) => void }) {
  const [text, setText] = useState(term);
  const [followedTerm, setFollowedTerm] = useState(term);
  const [sentTerm, setSentTerm] = useState<string | null>(null);
  if (term !== followedTerm) {
    setFollowedTerm(term);
    setSentTerm(null);
    if (term !== sentTerm) setText(term);
  }
  const search = (value: string) => {
    setSentTerm(value.trim());
    onSearch(value.trim() || undefined);
  };
  return <Input.Search {...searchProps} allowClear value={text} onChange={(event) => setText(event.target.value)} onSearch={search} />;
}
